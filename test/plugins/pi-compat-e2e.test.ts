// pi extensions run unchanged through pi-compat: the spawned CLI against the simulator, with
// extensions that import pi's packages by name, and three misbehaving ones.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProject } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";
import { runCli } from "../support/run-cli.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/pi-extensions", import.meta.url));
const roots: string[] = [];

describe("pi-compat: pi extensions in the real CLI", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
    for (const r of roots) rmSync(r, { recursive: true, force: true });
  });

  const project = (settings: Record<string, unknown> = {}) => {
    const p = makeProject(sim.url);
    roots.push(p.root);
    writeFileSync(join(p.agentDir, "settings.json"), JSON.stringify(settings));
    return p;
  };
  const pi = (p: { project: string; agentDir: string; root: string }, args: string[]) =>
    runCli(["--provider", "sim", "--model", "sim-model", ...args], {
      cwd: p.project,
      env: { PI_CODING_AGENT_DIR: p.agentDir, GREETER_LOG: join(p.root, "greeter.log") },
    });

  it("loads an extension importing pi's packages: its tool is listed and callable, its events fire", async () => {
    const p = project();
    sim.script({ toolCalls: [{ name: "greet", arguments: { name: "Ada", style: "loud" } }] }, { text: "greeted" });
    const start = sim.requests.length;
    const r = await pi(p, ["-e", join(FIXTURES, "greeter"), "-p", "say hi to Ada"]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("greeted\n");
    const [first, second] = sim.requests.slice(start).map((q) => q.body);
    expect(first.tools.map((t: { function: { name: string } }) => t.function.name)).toContain("greet");
    expect(first.messages[0].content).toContain("GREETER-ACTIVE");
    expect(first.user).toBe("greeter"); // before_provider_request replaced the payload
    const toolMessage = second.messages.find((m: { role: string }) => m.role === "tool");
    // tool_call changed the input in place; tool_result appended to the content.
    expect(toolMessage.content).toContain("HELLO, ADA (VIA GREETER)!");
    expect(toolMessage.content).toContain("[greeted]");
    const log = readFileSync(join(p.root, "greeter.log"), "utf8").trim().split("\n");
    expect(log).toEqual(["session_start:startup", "tool_call:greet", "turn_end:0", "turn_end:1", "agent_end"]);
  });

  it("runs an extension's command", async () => {
    const p = project();
    const r = await pi(p, ["-e", join(FIXTURES, "greeter"), "-p", "/greeting world"]);
    expect(r.code).toBe(0);
    expect(readFileSync(join(p.root, "greeter.log"), "utf8")).toContain(`command:world:${p.project}`);
  });

  it("reports a throwing handler with the extension's name and still answers", async () => {
    const p = project();
    sim.script({ text: "still here" });
    const r = await pi(p, ["-e", join(FIXTURES, "handler-throws.ts"), "-p", "hi"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("still here\n");
    expect(r.stderr).toMatch(/extension handler-throws: turn_start handler failed: kaboom in a handler/);
  });

  it("times out a handler that never resolves, names it, and still answers", async () => {
    const p = project({ extensionHandlerTimeoutMs: 200 });
    sim.script({ text: "not stuck" });
    const r = await pi(p, ["-e", join(FIXTURES, "never-resolves.ts"), "-p", "hi"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("not stuck\n");
    expect(r.stderr).toMatch(/extension never-resolves: before_agent_start handler failed: did not finish within 200 ms/);
  });

  it("catches a throwing timer, attributes it to its extension, and still answers", async () => {
    const p = project();
    sim.script({ text: "survived", delayMs: 20 });
    const r = await pi(p, ["-e", join(FIXTURES, "timer-throws.ts"), "-p", "hi"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("survived\n");
    expect(r.stderr).toMatch(/extension timer-throws: uncaught exception: kaboom in a timer/);
  });

  it("without pi-compat in the agent, a pi extension fails with a clear diagnostic", async () => {
    const p = project();
    const composed = join(p.root, "pi-packages.json");
    const plugins = fileURLToPath(new URL("../../plugins", import.meta.url));
    writeFileSync(
      composed,
      JSON.stringify({ packages: ["models", "provider-openai-completions", "mode-print"].map((n) => join(plugins, n)) }),
    );
    sim.script({ text: "plain" });
    const r = await pi(p, ["--packages", composed, "-e", join(FIXTURES, "greeter"), "-p", "hi"]);
    expect(r.stdout).toBe("plain\n");
    expect(r.stderr).toMatch(/greeter:index\.ts is a pi extension .* add the pi-compat plugin/);
    expect(existsSync(join(p.root, "greeter.log"))).toBe(false);
  });
});
