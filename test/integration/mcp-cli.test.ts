// MCP servers end to end through the real CLI (`pi -p` with an mcp.json in the agent dir) and the
// loopback LLM simulator: a deferred tool found with tool_search and called, direct tools of a
// stdio filesystem server and an HTTP everything server, and a crashed server named while the
// agent still answers. Real servers from node_modules, real processes.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProject } from "../support/scenario.mjs";
import { type Simulator, startSimulator } from "../support/simulator/index.mjs";
import { recordLoads } from "../support/load-recorder.js";
import { runCli } from "../support/run-cli.js";

const BIN = resolve("node_modules/.bin");
const FIXTURE = resolve("test/plugins/mcp/fixture-server.mjs");
const STRUCTURED = resolve("test/plugins/mcp/structured-server.mjs");
let sim: Simulator;
let http: ChildProcess;
let httpUrl: string;

beforeAll(async () => {
  sim = await startSimulator();
  const port = await freePort();
  http = spawn(join(BIN, "mcp-server-everything"), ["streamableHttp"], { env: { ...process.env, PORT: String(port) }, stdio: "pipe" });
  await new Promise<void>((ok) => http.stderr!.on("data", (d) => String(d).includes("listening") && ok()));
  httpUrl = `http://127.0.0.1:${port}/mcp`;
});
afterAll(async () => {
  http?.kill();
  await sim.close();
});

type Msg = { role: string; content: unknown; name?: string; tool_call_id?: string };
const toolTexts = (i: number): string[] =>
  (sim.requests[i]!.body.messages as Msg[]).filter((m) => m.role === "tool").map((m) => JSON.stringify(m.content));
/** `pi -p <prompt>` in a fresh project whose mcp.json holds `mcpServers`, the simulator scripted with `turns`. */
async function runWith(mcpServers: object, prompt: string, ...turns: Parameters<Simulator["script"]>) {
  const { project, agentDir } = makeProject(sim.url);
  writeFileSync(join(agentDir, "mcp.json"), JSON.stringify({ mcpServers }));
  sim.script(...turns);
  const start = sim.requests.length;
  const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", prompt], {
    cwd: project,
    env: { PI_CODING_AGENT_DIR: agentDir },
    timeoutMs: 30_000,
  });
  return { r, start };
}
const CRASH = 'const config = {\n  index: "missing.idx",\n};\nthrow new Error("the index file is missing");\n';
const toolNames = (i: number): string[] => (sim.requests[i]!.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name);

describe("MCP through pi -p", () => {
  it("finds a deferred tool with tool_search, calls it, calls direct tools, and names a crashed server", async () => {
    const { project, agentDir } = makeProject(sim.url);
    const files = mkdtempSync(join(tmpdir(), "pik-mcp-fs-"));
    writeFileSync(join(files, "notes.txt"), "the notes say hello");
    const mcp = {
      mcpServers: {
        everything: { command: join(BIN, "mcp-server-everything"), args: ["stdio"] },
        fs: { command: join(BIN, "mcp-server-filesystem"), args: [files], defer: false },
        // Dies as a Node server does: Node prints the file, the source line, a caret, the stack and its version.
        broken: { command: process.execPath, args: ["-e", CRASH], env: { API_TOKEN: "sekrit-token-value" } },
      },
    };
    writeFileSync(join(agentDir, "mcp.json"), JSON.stringify(mcp));
    sim.script(
      { toolCalls: [{ name: "tool_search", arguments: { query: "mcp__everything__echo" } }] },
      {
        toolCalls: [
          { name: "mcp__everything__echo", arguments: { message: "ping from pi" } },
          { name: "mcp__fs__read_text_file", arguments: { path: join(files, "notes.txt") } },
        ],
      },
      { text: "all done" },
    );
    const start = sim.requests.length;
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "use the tools"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
      timeoutMs: 30_000,
    });
    expect(r.stdout).toBe("all done\n");
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/MCP server "broken"/);
    // The line that says why, and the exit code: not the tail of the stack.
    expect(r.stderr).toMatch(/exit code 1; stderr: Error: the index file is missing/);
    expect(r.stderr).not.toMatch(/Node\.js v\d|\| \||^\s+at /m);
    expect(r.stderr).not.toContain("sekrit-token-value");
    const first = sim.requests[start]!.body;
    expect(toolNames(start)).toContain("mcp__fs__read_text_file");
    expect(toolNames(start)).toContain("tool_search");
    expect(toolNames(start)).not.toContain("mcp__everything__echo");
    expect(first.messages[0].content).toMatch(/Deferred tools.*mcp__everything__echo/);
    expect(toolNames(start + 1)).toContain("mcp__everything__echo");
    const results = toolTexts(start + 2);
    expect(results[1]).toContain("Echo: ping from pi");
    expect(results[2]).toContain("the notes say hello");
  });

  it("loads a deferred tool the model calls by its listed name, on that call", async () => {
    const { r, start } = await runWith(
      { everything: { command: join(BIN, "mcp-server-everything"), args: ["stdio"] } },
      "echo",
      { toolCalls: [{ name: "mcp__everything__echo", arguments: { message: "straight away" } }] },
      { text: "echoed" },
    );
    expect(r.stdout).toBe("echoed\n");
    expect(toolNames(start)).not.toContain("mcp__everything__echo");
    expect(toolTexts(start + 1)[0]).toContain("Echo: straight away");
    // Loaded now: sent with the next request.
    expect(toolNames(start + 1)).toContain("mcp__everything__echo");
  });

  it("calls a direct tool of a streamable HTTP server", async () => {
    const { r, start } = await runWith(
      { web: { type: "http", url: httpUrl, defer: false } },
      "add",
      { toolCalls: [{ name: "mcp__web__get-sum", arguments: { a: 2, b: 40 } }] },
      { text: "summed" },
    );
    expect(r.stdout).toBe("summed\n");
    expect(toolNames(start)).toContain("mcp__web__get-sum");
    expect(toolTexts(start + 1)[0]).toContain("42");
  });
});

describe("MCP edges through pi -p", () => {
  it("with no server configured the agent never loads the MCP SDK (and does once one is configured)", async () => {
    // A loader hook, preloaded through NODE_OPTIONS, records every module URL of the SDK it resolves.
    const loads = recordLoads(/mcp-sdk|@modelcontextprotocol/);
    const run = async (mcpServers: object) => {
      const { project, agentDir } = makeProject(sim.url);
      writeFileSync(join(agentDir, "mcp.json"), JSON.stringify({ mcpServers }));
      sim.script({ text: "hi" });
      const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "hi"], {
        cwd: project,
        env: { PI_CODING_AGENT_DIR: agentDir, ...loads.env },
        timeoutMs: 30_000,
      });
      expect(r.stdout).toBe("hi\n");
      return loads.urls().join("\n");
    };
    expect(await run({})).toBe("");
    expect(await run({ fx: { command: process.execPath, args: [FIXTURE] } })).toMatch(/mcp-sdk|@modelcontextprotocol/);
  });

  it("calls a tool of a legacy SSE server", async () => {
    const port = await freePort();
    const sse = spawn(join(BIN, "mcp-server-everything"), ["sse"], { env: { ...process.env, PORT: String(port) }, stdio: "pipe" });
    try {
      await new Promise<void>((ok) => sse.stderr!.on("data", (d) => String(d).includes("running on port") && ok()));
      const url = `http://127.0.0.1:${port}/sse`;
      const { r, start } = await runWith(
        { old: { type: "sse", url, defer: false } },
        "echo",
        { toolCalls: [{ name: "mcp__old__echo", arguments: { message: "over sse" } }] },
        { text: "echoed" },
      );
      expect(r.stdout).toBe("echoed\n");
      expect(toolTexts(start + 1)[0]).toContain("over sse");
    } finally {
      sse.kill();
    }
  });

  it("checks structured results against the tool's output schema: a match passes, a mismatch is an error result", async () => {
    const { r, start } = await runWith(
      { shapes: { command: process.execPath, args: [STRUCTURED], defer: false } },
      "measure",
      {
        toolCalls: [
          { name: "mcp__shapes__measure", arguments: { valid: true } },
          { name: "mcp__shapes__measure", arguments: { valid: false } },
        ],
      },
      { text: "measured" },
    );
    expect(r.stdout).toBe("measured\n");
    const [good, bad] = toolTexts(start + 1);
    expect(good).toContain("length 42");
    expect(bad).toContain("does not match the tool's output schema");
  });

  it("a call past the server's timeoutMs ends as an error that says so, and no stdio child outlives the agent", async () => {
    const pids = join(mkdtempSync(join(tmpdir(), "pik-mcp-pids-")), "pids");
    const server = (extra: object) => ({ command: process.execPath, args: [FIXTURE], env: { PID_FILE: pids }, defer: false, ...extra });
    const { r, start } = await runWith(
      { slow: server({ timeoutMs: 300 }), idle: server({}) },
      "wait",
      { toolCalls: [{ name: "mcp__slow__wait", arguments: {} }] },
      { text: "gave up" },
    );
    expect(r.stdout).toBe("gave up\n");
    expect(toolTexts(start + 1)[0]).toContain("timed out after 300 ms");
    const started = readFileSync(pids, "utf8").trim().split("\n").map(Number);
    expect(started).toHaveLength(2);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 100 && started.some(alive); i++) await new Promise((ok) => setTimeout(ok, 20));
    expect(started.filter(alive)).toEqual([]);
  });
});

function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}
