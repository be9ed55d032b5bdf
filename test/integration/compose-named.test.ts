// Composition from anywhere: compositions written in a temporary folder, far from the pi-kernel
// install, name the built-in plugins by package name, extend the default agent and drop or add
// packages; the spawned CLI reports the tools and commands they say. Cycles and unknown names are
// reported (file, entry, close matches) while the agent keeps working; shipped examples run by name.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { RpcProcess } from "../support/rpc-process.js";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";
import { type Composed, probeAgent } from "./compose-probe.js";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const BUILTINS = readdirSync(join(REPO, "plugins")).map((n) => `@pi-kernel/${n}`);
const CORE_TOOLS = ["bash", "edit", "read", "write"];
const GREETER = join(REPO, "test", "fixtures", "pi-extensions", "greeter");

describe("compositions by package name, extends and exclude", () => {
  const sims = simProjects();
  let defaults: Composed;

  beforeAll(async () => {
    defaults = await probeAgent(sims, sims.project(), []);
    expect(defaults.help).toEqual(expect.arrayContaining(["help", "packages", "reload", "compact"]));
  }, 30_000);

  /** A composition file written in the project's temp root (outside the repository). */
  const compose = (p: { root: string }, name: string, json: unknown) => {
    const file = join(p.root, name);
    writeFileSync(file, JSON.stringify(json, null, 2));
    return file;
  };

  it("(a) every built-in by package name composes the default agent", async () => {
    const p = sims.project();
    const file = compose(p, "all.json", { packages: BUILTINS });
    const all = await probeAgent(sims, p, ["--packages", file]);
    expect(all.stderr).not.toMatch(/error/);
    expect(all.tools).toEqual(defaults.tools);
    expect(all.tools).toEqual(expect.arrayContaining(CORE_TOOLS));
    expect(all.help).toEqual(defaults.help);
  });

  it('(b) "extends": "default" minus @pi-kernel/tools-core drops its tools and keeps the rest', async () => {
    const p = sims.project();
    const file = compose(p, "no-core.json", { extends: "default", exclude: ["@pi-kernel/tools-core"] });
    const noCore = await probeAgent(sims, p, ["--packages", file]);
    expect(noCore.stderr).not.toMatch(/error|warning: .*exclude/);
    expect(noCore.tools).toEqual(defaults.tools.filter((t) => !CORE_TOOLS.includes(t)));
    expect(noCore.help).toEqual(defaults.help);
  });

  it('(c) "extends": "default" plus a local package adds its tool and command', async () => {
    const p = sims.project();
    const pkg = join(p.root, "hello-pkg");
    mkdirSync(join(pkg, "extensions"), { recursive: true });
    writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "hello-pkg", type: "module", pi: { extensions: ["./extensions"] } }));
    writeFileSync(
      join(pkg, "extensions", "hello.ts"),
      `import { Type } from "typebox";
export default function (pi) {
  pi.registerTool({ name: "hello", label: "Hello", description: "Says hello", parameters: Type.Object({}),
    async execute() { return { content: [{ type: "text", text: "hello" }], details: {} }; } });
  pi.registerCommand("hello-there", { description: "Greets", handler: async () => {} });
}
`,
    );
    const file = compose(p, "plus.json", { extends: "default", packages: ["./hello-pkg"] });
    const plus = await probeAgent(sims, p, ["--packages", file]);
    expect(plus.stderr).not.toMatch(/error/);
    expect(plus.tools).toEqual([...defaults.tools, "hello"].sort());
    expect(plus.help).toEqual([...defaults.help, "hello-there"].sort());
    expect(plus.commands).toContainEqual({ name: "hello-there", source: "extension", path: join(pkg, "extensions", "hello.ts") });
  });

  it("a cycle in extends is an error naming the files; the agent still composes and answers", async () => {
    const p = sims.project();
    const a = compose(p, "a.json", { extends: "./b.json", packages: [] });
    const b = compose(p, "b.json", { extends: "./a.json", packages: [...BUILTINS] });
    sims.sim.script({ text: "still here" });
    const r = await runCli(["--packages", a, "--provider", "sim", "--model", "sim-model", "-p", "hi"], {
      cwd: p.project,
      env: { PI_CODING_AGENT_DIR: p.agentDir },
    });
    expect(r.stderr).toContain(`${b}: "extends" cycle: ${a} -> ${b} -> ${a}`);
    expect(r.stdout).toBe("still here\n");
    expect(r.code).toBe(0);
  });

  it("unknown names are reported with the file, the entry and close matches; the rest composes", async () => {
    const p = sims.project();
    const file = compose(p, "typos.json", {
      extends: "default",
      exclude: ["@pi-kernel/tool-core"],
      packages: ["@pi-kernel/tols-fs-search", "no-such-thing"],
    });
    sims.sim.script({ text: "composed anyway" });
    const r = await runCli(["--packages", file, "--provider", "sim", "--model", "sim-model", "-p", "hi"], {
      cwd: p.project,
      env: { PI_CODING_AGENT_DIR: p.agentDir },
    });
    expect(r.stderr).toContain(`${file}: entry "@pi-kernel/tols-fs-search" is neither a known package name nor an existing path`);
    expect(r.stderr).toContain("Did you mean @pi-kernel/tools-fs-search?");
    expect(r.stderr).toContain(`${file}: entry "no-such-thing"`);
    expect(r.stderr).toContain(`${file}: "exclude" names "@pi-kernel/tool-core"`);
    expect(r.stderr).toContain("Did you mean @pi-kernel/tools-core?");
    expect(r.stdout).toBe("composed anyway\n");
  });

  it("--packages takes a shipped example by name, and the npm package ships the examples", async () => {
    const p = sims.project();
    sims.sim.script({ text: "reviewed" });
    const start = sims.sim.requests.length;
    const r = await runCli(["--packages", "read-only-agent", "--provider", "sim", "--model", "sim-model", "-p", "review"], {
      cwd: p.project,
      env: { PI_CODING_AGENT_DIR: p.agentDir },
    });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("reviewed\n");
    const tools = sims.sim.requests[start]!.body.tools.map((t: { function: { name: string } }) => t.function.name);
    expect(tools.sort()).toEqual(["grep", "read"]);
    const unknown = await runCli(["--packages", "read-only-agnet", "-p", "hi"], {
      cwd: p.project,
      env: { PI_CODING_AGENT_DIR: p.agentDir },
    });
    expect(unknown.stderr).toContain("--packages read-only-agnet: no such file, and not the name of a composition pi-kernel ships");
    expect(unknown.code).not.toBe(0);
    const packed = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: REPO, encoding: "utf8" }));
    const files = (packed[0].files as { path: string }[]).map((f) => f.path);
    expect(files).toEqual(expect.arrayContaining(["pi-packages.json", "examples/read-only-agent/pi-packages.json", "examples/sdk.mjs"]));
  }, 40_000);

  it("editing a composition the file extends recomposes the running agent (RPC mode)", async () => {
    const p = sims.project();
    const base = compose(p, "base.json", { extends: "default", packages: [] });
    const top = compose(p, "top.json", { extends: "./base.json", exclude: ["@pi-kernel/tools-core"] });
    const rpc = new RpcProcess(["--packages", top, "--provider", "sim", "--model", "sim-model", "--no-session"], {
      cwd: p.project,
      env: { PI_CODING_AGENT_DIR: p.agentDir },
    });
    try {
      const greeting = async () =>
        ((await rpc.call({ type: "get_commands" })).data?.commands ?? []).some((c: { name: string }) => c.name === "greeting");
      expect(await greeting()).toBe(false);
      writeFileSync(base, JSON.stringify({ extends: "default", packages: [GREETER] }));
      const end = Date.now() + 15_000;
      while (!(await greeting()) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
      expect(await greeting()).toBe(true);
    } finally {
      await rpc.close();
    }
  }, 30_000);
});
