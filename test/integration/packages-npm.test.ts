// Real third-party pi packages from npm, installed with `pi install` into a temp agent dir and
// loaded unchanged by the real CLI against the simulator:
// - pi-aliases@1.0.7: commands (/clear → ctx.newSession, /exit → ctx.shutdown);
// - pi-prompt-template-model@0.12.2: a skill from its manifest, session events, and commands made
//   from prompt templates with a `model:` (the command switches model and sends the prompt).
// - `-e npm:pi-aliases@1.0.7`: installed for one run into a temp dir;
// - pi-web-access@0.28.0 (57 MB of dependencies, ~40 s: only with PI_KERNEL_NPM_HEAVY=1): its
//   tools are listed and one is called (its own SSRF guard answers for a loopback URL).
// Skipped, saying so, when the npm registry cannot be reached.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProject } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";
import { runCli } from "../support/run-cli.js";
import { registryEnv, registryReachable } from "../support/npm-registry.js";

const GREETER = fileURLToPath(new URL("../fixtures/pi-extensions/greeter", import.meta.url));

describe("real pi packages from npm", () => {
  let sim: Simulator;
  let online = false;
  let w: ReturnType<typeof makeProject>;
  const roots: string[] = [];
  beforeAll(async () => {
    sim = await startSimulator();
    online = await registryReachable();
    w = makeProject(sim.url);
    roots.push(w.root);
    if (!online) return;
    for (const spec of ["npm:pi-aliases@1.0.7", "npm:pi-prompt-template-model@0.12.2"]) {
      const env = { PI_CODING_AGENT_DIR: w.agentDir, ...registryEnv() };
      const r = await runCli(["install", spec], { cwd: w.project, env, timeoutMs: 120_000 });
      if (r.code !== 0) throw new Error(`pi install ${spec} failed: ${r.stderr}`);
    }
    mkdirSync(join(w.agentDir, "prompts"), { recursive: true });
    writeFileSync(
      join(w.agentDir, "prompts", "review.md"),
      "---\ndescription: Review code\nmodel: sim/sim-model\n---\nPlease review: $@\n",
    );
  }, 180_000);
  afterAll(async () => {
    await sim.close();
    for (const r of roots) rmSync(r, { recursive: true, force: true });
  });
  const pi = (...args: string[]) =>
    runCli(["--provider", "sim", "--model", "sim-model", ...args], {
      cwd: w.project,
      env: { PI_CODING_AGENT_DIR: w.agentDir, GREETER_LOG: join(w.root, "greeter.log") },
      timeoutMs: 60_000,
    });

  it("pi-aliases: /clear runs its command, which starts a new session (session events fire)", async (ctx) => {
    if (!online) return ctx.skip("the npm registry cannot be reached from here");
    const r = await pi("-e", GREETER, "-p", "/clear");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const log = readFileSync(join(w.root, "greeter.log"), "utf8").trim().split("\n");
    expect(log).toEqual(["session_start:startup", "session_start:new"]);
  }, 60_000);

  it("pi-prompt-template-model: its skill reaches the system prompt and its template command runs", async (ctx) => {
    if (!online) return ctx.skip("the npm registry cannot be reached from here");
    sim.script({ text: "reviewed" });
    const start = sim.requests.length;
    const r = await pi("-p", "/review the parser");
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("reviewed\n");
    const body = sim.requests[start].body;
    expect(body.messages[0].content).toContain("prompt-template-authoring");
    expect(body.messages.at(-1)).toEqual({ role: "user", content: "Please review: the parser\n" });
  }, 60_000);

  it("-e npm:pkg installs into a temp dir for this run only", async (ctx) => {
    if (!online) return ctx.skip("the npm registry cannot be reached from here");
    const fresh = makeProject(sim.url);
    roots.push(fresh.root);
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "-e", "npm:pi-aliases@1.0.7", "-p", "/help"], {
      cwd: fresh.project,
      env: { PI_CODING_AGENT_DIR: fresh.agentDir, ...registryEnv() },
      timeoutMs: 120_000,
    });
    expect(r.stdout).toMatch(/\/clear\s+→ \/new/);
    expect(existsSync(join(fresh.agentDir, "npm"))).toBe(false);
  }, 120_000);

  it("pi list names both packages", async (ctx) => {
    if (!online) return ctx.skip("the npm registry cannot be reached from here");
    const r = await runCli(["list"], { cwd: w.project, env: { PI_CODING_AGENT_DIR: w.agentDir } });
    expect(r.stdout).toMatch(/npm:pi-aliases@1\.0\.7 .*node_modules\/pi-aliases/);
    expect(r.stdout).toMatch(/npm:pi-prompt-template-model@0\.12\.2 .*node_modules\/pi-prompt-template-model/);
  });

  it("pi-web-access: its tools are listed and callable", async (ctx) => {
    if (!online) return ctx.skip("the npm registry cannot be reached from here");
    if (!process.env.PI_KERNEL_NPM_HEAVY) return ctx.skip("set PI_KERNEL_NPM_HEAVY=1 to install pi-web-access (57 MB)");
    const add = await runCli(["install", "npm:pi-web-access@0.28.0"], {
      cwd: w.project,
      env: { PI_CODING_AGENT_DIR: w.agentDir, ...registryEnv() },
      timeoutMs: 180_000,
    });
    expect(add.code).toBe(0);
    sim.script({ toolCalls: [{ name: "fetch_content", arguments: { url: "http://127.0.0.1:9/page" } }] }, { text: "fetched" });
    const start = sim.requests.length;
    const r = await pi("-p", "fetch the page");
    expect(r.stdout).toBe("fetched\n");
    const [first, second] = sim.requests.slice(start).map((q) => q.body);
    expect(first.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(
      expect.arrayContaining(["web_search", "fetch_content", "get_search_content"]),
    );
    const tool = second.messages.find((m: { role: string }) => m.role === "tool");
    expect(tool.content).toContain("Blocked internal address for 127.0.0.1");
  }, 240_000);
});
