// Claude Code plugins as packages, through the real CLI: three plugins of
// anthropics/claude-plugins-official (test/fixtures/claude-plugins, copied to a temp dir) install
// from a local path and from a marketplace in a local git repository (`<repo>#<plugin>`), are
// listed in the settings' packages next to a pi package, and compose with it in one RPC session:
// a plugin's command is a prompt template (with $ARGUMENTS), its agents subagents, its skills
// skills (one excluded by the entry's filter), its SessionStart hook adds its context
// (${CLAUDE_PLUGIN_ROOT} set), its MCP server (${CLAUDE_PLUGIN_ROOT} expanded) is the mcp plugin's, and an
// edited command file is live; `pi remove` takes them out again. No network: the marketplace is a
// `git init` in the temp dir and example-plugin's .mcp.json is pointed at a local server.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { RpcProcess } from "../support/rpc-process.js";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/claude-plugins/", import.meta.url));
const EVERYTHING = fileURLToPath(new URL("../../node_modules/.bin/mcp-server-everything", import.meta.url));
const MODEL = ["--provider", "sim", "--model", "sim-model"];

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, {
    cwd,
    stdio: "pipe",
    env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" },
  });

/** A Claude Code marketplace holding explanatory-output-style, in a fresh git repository. */
function marketplaceRepo(root: string): string {
  const repo = join(root, "market");
  cpSync(join(FIXTURES, "explanatory-output-style"), join(repo, "plugins", "explanatory-output-style"), { recursive: true });
  mkdirSync(join(repo, ".claude-plugin"));
  const plugins = [{ name: "explanatory-output-style", source: "./plugins/explanatory-output-style", description: "Insights" }];
  writeFileSync(join(repo, ".claude-plugin", "marketplace.json"), JSON.stringify({ name: "test-market", owner: { name: "t" }, plugins }));
  git(repo, "init", "-q", "-b", "main");
  git(repo, "add", ".");
  git(repo, "commit", "-q", "-m", "v1");
  return repo;
}

/** A small pi package: a prompt template and a skill. */
function piPackage(dir: string): void {
  mkdirSync(join(dir, "prompts"), { recursive: true });
  mkdirSync(join(dir, "skills", "hello-skill"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "pi-pkg", pi: { prompts: ["./prompts"], skills: ["./skills"] } }));
  writeFileSync(join(dir, "prompts", "hello-pi.md"), "---\ndescription: A pi package's template\n---\nSay hello.\n");
  writeFileSync(join(dir, "skills", "hello-skill", "SKILL.md"), "---\nname: hello-skill\ndescription: Says hello.\n---\nSay hello.\n");
}

interface Command {
  name: string;
  description?: string;
  source?: string;
}

describe("Claude Code plugins as packages (CLI)", () => {
  const env = simProjects();

  it("install, compose next to a pi package, run, hot-reload and remove", async () => {
    const { root, project, agentDir } = env.project();
    const plugins = join(root, "plugins");
    for (const name of ["feature-dev", "example-plugin"]) cpSync(join(FIXTURES, name), join(plugins, name), { recursive: true });
    // example-plugin's server is at mcp.example.com: a local one in its place (npm test goes without network).
    const mcp = { everything: { command: EVERYTHING, env: { PLUGIN_DIR: "${CLAUDE_PLUGIN_ROOT}" } } };
    writeFileSync(join(plugins, "example-plugin", ".mcp.json"), JSON.stringify(mcp));
    piPackage(join(root, "pi-pkg"));
    const market = marketplaceRepo(root);
    const cliEnv = { PI_CODING_AGENT_DIR: agentDir, CLAUDE_CONFIG_DIR: join(root, "no-claude") };
    const pi = (...args: string[]) => runCli(args, { cwd: project, env: cliEnv, timeoutMs: 60_000 });

    const featureDev = join(plugins, "feature-dev");
    const a = await pi("install", featureDev);
    expect(a.stdout).toContain("Claude Code plugin feature-dev: 1 commands, 3 agents, 0 skills, 0 hooks, 0 mcpServers");
    const fromMarket = `git:file://${market}#explanatory-output-style`;
    const b = await pi("install", fromMarket);
    expect(b.stderr).toBe("");
    expect(b.stdout).toContain("Claude Code plugin explanatory-output-style: 0 commands, 0 agents, 0 skills, 1 hooks, 0 mcpServers");
    const clone = join(agentDir, "git", "local", market.replace(/^\/+/, ""));
    expect(existsSync(join(clone, "plugins", "explanatory-output-style", "hooks", "hooks.json"))).toBe(true);
    // A pi package and a filtered entry beside them, as `pi config` writes entries: example-skill left out.
    const settingsFile = join(agentDir, "settings.json");
    const settings = JSON.parse(readFileSync(settingsFile, "utf8"));
    settings.packages.push(join(root, "pi-pkg"), { source: join(plugins, "example-plugin"), skills: ["!skills/example-skill"] });
    writeFileSync(settingsFile, JSON.stringify(settings));
    const list = await pi("list");
    for (const entry of [featureDev, fromMarket, join(root, "pi-pkg"), join(plugins, "example-plugin")])
      expect(list.stdout).toContain(entry);
    expect(list.stdout).not.toContain("not installed");

    const rpc = new RpcProcess(MODEL, { cwd: project, env: cliEnv });
    try {
      const commands = async () => (await rpc.call({ type: "get_commands" })).data.commands as Command[];
      const byName = new Map((await commands()).map((c) => [c.name, c]));
      expect(byName.get("feature-dev")).toMatchObject({
        source: "prompt",
        description: expect.stringContaining("Guided feature development"),
      });
      expect(byName.get("example-command")?.source).toBe("prompt");
      for (const name of ["hello-pi", "skill:hello-skill", "skill:example-command"]) expect(byName.has(name), name).toBe(true);
      expect(byName.has("skill:example-skill")).toBe(false);

      env.sim.script({ text: "planned" });
      const from = env.sim.requests.length;
      const start = rpc.records.length;
      await rpc.call({ type: "prompt", message: "/feature-dev a login page" });
      await rpc.waitFor((r) => r.type === "agent_end", start, 30_000);
      const request = JSON.stringify(env.sim.requests[from].body);
      expect(request).toContain("Feature Development");
      expect(request).toContain("a login page");
      // The plugin's SessionStart hook ran its script from ${CLAUDE_PLUGIN_ROOT}: its context is in the request.
      expect(request).toContain("explanatory' output style mode");
      // feature-dev's agents are subagents the model may delegate to.
      expect(request).toContain("<name>code-explorer</name>");
      expect(request).toContain("<name>code-architect</name>");

      const servers = (await rpc.call({ type: "get_mcp_servers" })).data.servers as { name: string; file: string }[];
      expect(servers.find((s) => s.name === "everything")?.file).toBe(join(plugins, "example-plugin", ".mcp.json"));

      // Editing the plugin's command file is live: the next listing has the new description.
      const file = join(featureDev, "commands", "feature-dev.md");
      writeFileSync(file, readFileSync(file, "utf8").replace("Guided feature development", "Edited feature workflow"));
      await vi.waitFor(
        async () => expect((await commands()).find((c) => c.name === "feature-dev")?.description).toContain("Edited feature workflow"),
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await rpc.close();
    }

    const removed = await pi("remove", fromMarket);
    expect(removed.stdout).toContain(`Removed ${fromMarket}`);
    expect(existsSync(clone)).toBe(false);
    expect((await pi("remove", featureDev)).code).toBe(0);
    const left = JSON.parse(readFileSync(settingsFile, "utf8")).packages;
    expect(JSON.stringify(left)).not.toContain("feature-dev");
    expect(JSON.stringify(left)).not.toContain("explanatory");
    expect(existsSync(featureDev)).toBe(true); // a local path is never deleted
  }, 120_000);
});
