// One plugin's failure never takes the process down: through the real CLI, user plugins (native
// definePlugin files and pi extensions, written to temp dirs) that write to stdout, call
// process.exit, never finish loading, register a tool with a broken schema, or take a built-in
// tool's name. stdout stays the mode's; the agent keeps running and names the plugin on stderr.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RpcProcess } from "../support/rpc-process.js";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

const env = (agentDir: string) => ({ PI_CODING_AGENT_DIR: agentDir });
const SIM = ["--provider", "sim", "--model", "sim-model"];
const NATIVE = (name: string, body: string) =>
  `import { definePlugin, Type } from "pi-kernel";\nexport default definePlugin({ name: "${name}", setup(api) {\n${body}\n} });\n`;
const TOOL = (name: string, execute: string, extra = "") =>
  `api.register.tool({ name: "${name}", description: "test tool ${name}", parameters: Type.Object({}), ${extra}
    async execute() { ${execute} } });`;

const s = simProjects();

/** Writes plugin files into the project and returns their -e flags. */
function plugins(project: string, files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([file, text]) => {
    writeFileSync(join(project, file), text);
    return ["-e", join(project, file)];
  });
}
const toolNames = (i: number) => (s.sim.requests[i]!.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name);
const toolDescription = (i: number, name: string) =>
  s.sim.requests[i]!.body.tools.find((t: { function: { name: string } }) => t.function.name === name).function.description;
const toolResults = (i: number) =>
  s.sim.requests[i]!.body.messages.filter((m: { role: string }) => m.role === "tool").map((m: { content: string }) => m.content);

const NOISY = {
  "noisy.ts": NATIVE(
    "noisy",
    `console.log("LOG from setup"); console.info("INFO from setup"); process.stdout.write("WRITE from setup\\n");
    ${TOOL("shout", 'console.log("LOG from tool"); process.stdout.write("WRITE from tool\\n"); return { content: [{ type: "text", text: "ok" }] };')}`,
  ),
  "noisy-ext.ts": `export default function (pi) { console.log("LOG from extension"); }`,
};

describe("plugins cannot write to the protocol's stdout", () => {
  it("print mode: stdout is the answer alone, the plugins' writes go to stderr", async () => {
    const { project, agentDir } = s.project();
    s.sim.script({ toolCalls: [{ name: "shout", arguments: {} }] }, { text: "done" });
    const r = await runCli([...SIM, ...plugins(project, NOISY), "-p", "go"], { cwd: project, env: env(agentDir) });
    expect(r.stdout).toBe("done\n");
    for (const text of [
      "LOG from setup",
      "INFO from setup",
      "WRITE from setup",
      "LOG from tool",
      "WRITE from tool",
      "LOG from extension",
    ]) {
      expect(r.stderr).toContain(text);
    }
    expect(r.code).toBe(0);
  });

  it("JSON mode: every stdout line is JSON", async () => {
    const { project, agentDir } = s.project();
    s.sim.script({ toolCalls: [{ name: "shout", arguments: {} }] }, { text: "done" });
    const r = await runCli([...SIM, ...plugins(project, NOISY), "--mode", "json", "go"], { cwd: project, env: env(agentDir) });
    const lines = r.stdout.trim().split("\n");
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.length).toBeGreaterThan(3);
    expect(r.stderr).toContain("WRITE from tool");
    expect(r.code).toBe(0);
  });

  it("RPC mode: the stream holds only JSON records", async () => {
    const { project, agentDir } = s.project();
    s.sim.script({ toolCalls: [{ name: "shout", arguments: {} }] }, { text: "done" });
    const rpc = new RpcProcess([...SIM, ...plugins(project, NOISY)], { cwd: project, env: env(agentDir) });
    const from = rpc.records.length;
    expect((await rpc.call({ type: "prompt", message: "go" })).success).toBe(true);
    await rpc.waitFor((r) => r.type === "agent_end", from);
    expect(await rpc.close()).toBe(0); // a non-JSON line would have thrown in the reader
    expect(rpc.stderr).toContain("WRITE from setup");
    expect(rpc.stderr).toContain("WRITE from tool");
  });
});

describe("process.exit from a plugin is refused", () => {
  it("in setup, in a hook and in a tool: named on stderr, the tool call errors, the run finishes", async () => {
    const { project, agentDir } = s.project();
    const files = {
      "quitter.ts": NATIVE("quitter", "process.exit(3);"),
      "hooker.ts": NATIVE("hooker", 'api.on("systemPrompt", (p) => { process.exit(4); return p; });'),
      "exit-ext.ts": `import { Type } from "@sinclair/typebox";
export default function (pi) {
  pi.registerTool({ name: "leave", label: "leave", description: "exits", parameters: Type.Object({}), async execute() { process.exit(0); } });
}`,
    };
    s.sim.script({ toolCalls: [{ name: "leave", arguments: {} }] }, { text: "still here" });
    const start = s.sim.requests.length;
    const r = await runCli([...SIM, ...plugins(project, files), "-p", "go"], { cwd: project, env: env(agentDir) });
    expect(r.stdout).toBe("still here\n");
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("plugin quitter called process.exit(3)");
    expect(r.stderr).toContain("plugin hooker called process.exit(4)");
    expect(r.stderr).toContain("plugin exit-ext called process.exit(0)");
    expect(toolResults(start + 1).join("\n")).toContain("plugin exit-ext called process.exit(0)");
  });
});

describe("a plugin that never finishes loading times out and the agent starts without it", () => {
  it("a factory and a module import that never settle (pluginLoadTimeoutMs)", async () => {
    const { project, agentDir } = s.project();
    writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ pluginLoadTimeoutMs: 300 }));
    const files = {
      "stuck-factory.ts": "export default function (pi) { return new Promise(() => {}); }",
      "stuck-import.ts": `await new Promise(() => {});\n${NATIVE("stuck-import", "")}`,
    };
    s.sim.script({ text: "started" });
    const r = await runCli([...SIM, ...plugins(project, files), "-p", "go"], { cwd: project, env: env(agentDir) });
    expect(r.stdout).toBe("started\n");
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/stuck-factory: setup failed in .*stuck-factory\.ts: setup timed out after 300 ms/);
    expect(r.stderr).toMatch(/failed to load .*stuck-import\.ts: import timed out after 300 ms/);
  });
});

describe("tool registrations are checked", () => {
  it("a tool whose schema ajv cannot compile is refused and never sent", async () => {
    const { project, agentDir } = s.project();
    const bad = `api.register.tool({ name: "broken", description: "bad schema", parameters: { type: "object", properties: { n: { type: "integr" } } },
      async execute() { return { content: [] }; } });
      ${TOOL("fine", "return { content: [] };")}`;
    s.sim.script({ text: "ok" });
    const start = s.sim.requests.length;
    const r = await runCli([...SIM, ...plugins(project, { "schemas.ts": NATIVE("schemas", bad) }), "-p", "go"], {
      cwd: project,
      env: env(agentDir),
    });
    expect(r.stdout).toBe("ok\n");
    expect(r.stderr).toContain('schemas: tool "broken" not registered, its parameters are not a valid JSON schema');
    expect(toolNames(start)).toContain("fine");
    expect(toolNames(start)).not.toContain("broken");
  });

  it("a native plugin's second bash is refused unless it says override: true", async () => {
    const { project, agentDir } = s.project();
    const files = {
      "shadow.ts": NATIVE("shadow", TOOL("bash", "return { content: [] };")),
      "mine.ts": NATIVE("mine", TOOL("read", "return { content: [] };", "override: true,")),
    };
    s.sim.script({ text: "ok" });
    const start = s.sim.requests.length;
    const r = await runCli([...SIM, ...plugins(project, files), "-p", "go"], { cwd: project, env: env(agentDir) });
    expect(r.stdout).toBe("ok\n");
    expect(r.stderr).toContain(`shadow: tool "bash" conflicts with tools-core's; not registered (set override: true to replace it)`);
    expect(toolDescription(start, "bash")).not.toBe("test tool bash");
    expect(toolDescription(start, "read")).toBe("test tool read");
  });

  it("as in pi, an extension's tool replaces a built-in one; a second extension's tool of the same name is refused", async () => {
    const { project, agentDir } = s.project();
    const ext = (who: string) => `import { Type } from "@sinclair/typebox";
export default function (pi) {
  pi.registerTool({ name: "bash", label: "bash", description: "bash by ${who}", parameters: Type.Object({}), async execute() { return { content: [] }; } });
}`;
    s.sim.script({ text: "ok" });
    const start = s.sim.requests.length;
    const r = await runCli([...SIM, ...plugins(project, { "first.ts": ext("first"), "second.ts": ext("second") }), "-p", "go"], {
      cwd: project,
      env: env(agentDir),
    });
    expect(r.stdout).toBe("ok\n");
    expect(toolDescription(start, "bash")).toBe("bash by first");
    expect(r.stderr).toContain(`second: tool "bash" conflicts with first's`);
  });
});
