// Where each command (and tool) comes from (pi's sourceInfo) in RPC get_commands and getAllTools: the same project and
// agent dir are run through pi 0.73.1's own CLI and through pi-kernel's, both driven by pi's
// RpcClient, and must answer alike; pi-kernel's list is live (templates come and go on disk).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { RpcClient } from "@mariozechner/pi-coding-agent";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SlashCommandInfo } from "../../lib/resource-kit/index.js";
import { withoutBuiltins } from "../support/builtin-resources.js";
import { PI_BIN } from "../support/run-cli.js";

// pi itself (a dev dependency), run as a CLI.
const PI_REFERENCE_CLI = fileURLToPath(new URL("../../node_modules/@mariozechner/pi-coding-agent/dist/cli.js", import.meta.url));

type Info = Awaited<ReturnType<RpcClient["getCommands"]>>[number];
// Our shape is pi's, checked by the compiler both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<Info, SlashCommandInfo> = true;

function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

describe("get_commands sourceInfo", () => {
  let root: string;
  let project: string;
  let agentDir: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "pik-command-sources-"));
    project = join(root, "project");
    agentDir = join(root, "agent");
    write(join(project, ".pi", "prompts", "review.md"), "---\ndescription: Review the code\n---\nReview $1 carefully.");
    write(join(agentDir, "skills", "tidy", "SKILL.md"), "---\nname: tidy\ndescription: Tidy the code\n---\nTidy it.");
    // /hello writes what the extension API's pi.getCommands() answers.
    write(
      join(root, "ext", "hello.ts"),
      `import { writeFileSync } from "node:fs";
export default function (pi: any) {
  pi.registerTool({ name: "greet", label: "Greet", description: "Greets", parameters: { type: "object", properties: {} }, execute: async () => ({ content: [{ type: "text", text: "hi" }] }) });
  pi.registerCommand("hello", { description: "Say hello", handler: async () => {
    const tools = pi.getAllTools().filter((t: any) => t.name === "read" || t.name === "greet").map((t: any) => ({ name: t.name, sourceInfo: t.sourceInfo }));
    writeFileSync("tools.json", JSON.stringify(tools.sort((a: any, b: any) => a.name.localeCompare(b.name))));
    writeFileSync("seen.json", JSON.stringify(await pi.getCommands()));
  } });
}
`,
    );
    write(join(root, "once", "quick.md"), "---\ndescription: For this run only\n---\nBe quick.");
    // A package from the user's settings: a prompt template and an extension command.
    write(join(root, "pkg", "package.json"), JSON.stringify({ name: "team-pkg" }));
    write(join(root, "pkg", "prompts", "ship.md"), "---\ndescription: Ship it\n---\nShip.");
    write(
      join(root, "pkg", "extensions", "deploy.ts"),
      'export default function (pi: any) { pi.registerCommand("deploy", { description: "Deploy", handler: async () => {} }); }\n',
    );
    // pi-kernel's own templates and skills are switched off: pi has none to compare them with.
    write(join(agentDir, "settings.json"), JSON.stringify(withoutBuiltins({ packages: ["../pkg"] })));
    // A model (never called) so neither CLI warns that none is configured.
    write(
      join(agentDir, "models.json"),
      JSON.stringify({
        providers: {
          idle: { baseUrl: "http://127.0.0.1:9/v1", api: "openai-completions", apiKey: "unused", models: [{ id: "idle-model" }] },
        },
      }),
    );
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const client = (cliPath: string) =>
    new RpcClient({
      cliPath,
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir, HOME: root, PI_OFFLINE: "1" },
      args: ["-e", join(root, "ext", "hello.ts"), "--prompt-template", join(root, "once", "quick.md")],
    });
  const byName = (list: Info[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));
  /** get_commands, and pi.getCommands() as an extension sees it. */
  const commands = async (cliPath: string): Promise<{ rpc: Info[]; extension: Info[]; tools: unknown }> => {
    const c = client(cliPath);
    const seen = join(project, "seen.json");
    await c.start();
    try {
      const rpc = byName(await c.getCommands());
      await c.prompt("/hello");
      const extension = await vi.waitFor(() => byName(JSON.parse(readFileSync(seen, "utf8")) as Info[]), { timeout: 10_000, interval: 50 });
      const tools = JSON.parse(readFileSync(join(project, "tools.json"), "utf8")) as unknown;
      return { rpc, extension, tools };
    } finally {
      await c.stop();
      rmSync(seen, { force: true });
      rmSync(join(project, "tools.json"), { force: true });
    }
  };

  it("reports where each template, skill and extension command was found, as pi does", async () => {
    const ours = await commands(PI_BIN);
    const named = Object.fromEntries(ours.rpc.map((c) => [c.name, c]));
    expect(named.review).toEqual({
      name: "review",
      description: "Review the code",
      source: "prompt",
      sourceInfo: {
        path: join(project, ".pi", "prompts", "review.md"),
        source: "auto",
        scope: "project",
        origin: "top-level",
        baseDir: join(project, ".pi"),
      },
    });
    expect(named["skill:tidy"].sourceInfo).toEqual({
      path: join(agentDir, "skills", "tidy", "SKILL.md"),
      source: "auto",
      scope: "user",
      origin: "top-level",
      baseDir: agentDir,
    });
    expect(named.hello).toMatchObject({
      source: "extension",
      sourceInfo: { path: join(root, "ext", "hello.ts"), source: "cli", scope: "temporary", origin: "top-level" },
    });
    expect(named.quick.sourceInfo).toEqual({
      path: join(root, "once", "quick.md"),
      source: "local",
      scope: "temporary",
      origin: "top-level",
      baseDir: join(root, "once"),
    });
    const pkg = { source: "../pkg", scope: "user", origin: "package", baseDir: join(root, "pkg") };
    expect(named.ship.sourceInfo).toEqual({ path: join(root, "pkg", "prompts", "ship.md"), ...pkg });
    expect(named.deploy.sourceInfo).toEqual({ path: join(root, "pkg", "extensions", "deploy.ts"), ...pkg });

    // pi.getAllTools(): a built-in tool, and the extension's own.
    expect(ours.tools).toEqual([
      { name: "greet", sourceInfo: { path: join(root, "ext", "hello.ts"), source: "cli", scope: "temporary", origin: "top-level" } },
      { name: "read", sourceInfo: { path: "<builtin:read>", source: "builtin", scope: "temporary", origin: "top-level" } },
    ]);
    expect(sameShape).toBe(true);
    expect(ours.extension).toEqual(ours.rpc);
    expect(ours).toEqual(await commands(PI_REFERENCE_CLI));
  });

  it("lists templates live: one written mid-session is there, one deleted is gone", async () => {
    const c = client(PI_BIN);
    await c.start();
    try {
      const names = async () => (await c.getCommands()).map((x) => x.name);
      expect(await names()).toContain("review");
      const fresh = join(project, ".pi", "prompts", "fresh.md");
      write(fresh, "---\ndescription: Written just now\n---\nFresh.");
      // The watcher notices the file a moment later: ask until it has.
      await vi.waitFor(
        async () => {
          const added = (await c.getCommands()).find((x) => x.name === "fresh");
          expect(added?.sourceInfo).toMatchObject({ path: fresh, source: "auto", scope: "project" });
        },
        { timeout: 10_000, interval: 50 },
      );
      unlinkSync(join(project, ".pi", "prompts", "review.md"));
      await vi.waitFor(async () => expect(await names()).not.toContain("review"), { timeout: 10_000, interval: 50 });
    } finally {
      await c.stop();
    }
  });
});
