// What an MCP server sends that must not reach the model as is, through the real CLI (`pi -p`)
// and the loopback LLM simulator: a tool result far over the output cap is cut, with a notice
// naming a private file that holds all of it, and the session stays small; a tool whose input
// schema is invalid is refused with a warning naming server and tool, and never sent.
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProject } from "../support/scenario.mjs";
import { type Simulator, startSimulator } from "../support/simulator/index.mjs";
import { runCli } from "../support/run-cli.js";

const FIXTURE = resolve("test/plugins/mcp/fixture-server.mjs");
const STRUCTURED = resolve("test/plugins/mcp/structured-server.mjs");
let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

type Msg = { role: string; content: unknown };
const toolText = (i: number): string =>
  (sim.requests[i]!.body.messages as Msg[])
    .filter((m) => m.role === "tool")
    .map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)))
    .join("\n");
const toolNames = (i: number): string[] => (sim.requests[i]!.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name);

/** Every file under `dir` whose name passes `keep`, with its size. */
function files(dir: string, keep: (name: string) => boolean): { path: string; size: number }[] {
  const out: { path: string; size: number }[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...files(path, keep));
    else if (keep(e.name)) out.push({ path, size: statSync(path).size });
  }
  return out;
}

async function run(mcpServers: object, prompt: string, env: Record<string, string>, ...turns: Parameters<Simulator["script"]>) {
  const { root, project, agentDir } = makeProject(sim.url);
  const tmp = join(root, "tmp");
  mkdirSync(tmp);
  writeFileSync(join(agentDir, "mcp.json"), JSON.stringify({ mcpServers }));
  sim.script(...turns);
  const start = sim.requests.length;
  const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", prompt], {
    cwd: project,
    env: { PI_CODING_AGENT_DIR: agentDir, TMPDIR: tmp, ...env },
    timeoutMs: 60_000,
  });
  return { r, start, root, tmp };
}

describe("MCP output and schemas through pi -p", () => {
  const BIG = 4_000_000; // 1,000,000 tokens by the chars/4 estimate: forty times the default cap

  it("cuts a result over the cap, says so, keeps the whole in a 0600 file, and the session stays small", async () => {
    const { r, start, root, tmp } = await run(
      { fx: { command: process.execPath, args: [FIXTURE], env: { BIG_CHARS: String(BIG) }, defer: false } },
      "fetch it",
      {},
      { toolCalls: [{ name: "mcp__fx__big", arguments: {} }] },
      { text: "read it" },
    );
    expect(r.stdout).toBe("read it\n");
    const seen = toolText(start + 1);
    expect(seen).toContain("BEGIN");
    expect(seen).not.toContain("END");
    expect(seen).toMatch(/output truncated: \d+ tokens over the limit of 25000/);
    expect(seen.length).toBeLessThan(25_000 * 4 + 2_000);
    const [full] = files(tmp, (n) => n.startsWith("pi-mcp-"));
    expect(seen).toContain(full!.path);
    const text = readFileSync(full!.path, "utf8");
    expect(text.startsWith("BEGIN\n")).toBe(true);
    expect(text.endsWith("\nEND")).toBe(true);
    expect(text.length).toBe(BIG + "BEGIN\n\nEND".length);
    expect(statSync(full!.path).mode & 0o777).toBe(0o600);
    const sessions = files(root, (n) => n.endsWith(".jsonl"));
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions) expect(s.size).toBeLessThan(1_000_000);
  });

  it("follows MAX_MCP_OUTPUT_TOKENS, and leaves a result under the cap alone", async () => {
    const server = { fx: { command: process.execPath, args: [FIXTURE], env: { BIG_CHARS: "8000" }, defer: false } };
    const capped = await run(
      server,
      "fetch",
      { MAX_MCP_OUTPUT_TOKENS: "1000" },
      { toolCalls: [{ name: "mcp__fx__big", arguments: {} }] },
      { text: "ok" },
    );
    expect(toolText(capped.start + 1)).toMatch(/output truncated: \d+ tokens over the limit of 1000/);
    const whole = await run(server, "fetch", {}, { toolCalls: [{ name: "mcp__fx__big", arguments: {} }] }, { text: "ok" });
    const seen = toolText(whole.start + 1);
    expect(seen).toContain("END");
    expect(seen).not.toContain("output truncated");
    expect(files(whole.tmp, (n) => n.startsWith("pi-mcp-"))).toEqual([]);
  });

  it("refuses a tool whose input schema is invalid, naming server and tool, and sends the others", async () => {
    const { r, start } = await run(
      { shapes: { command: process.execPath, args: [STRUCTURED], env: { BAD_SCHEMA: "1" }, defer: false } },
      "hi",
      {},
      { text: "hello" },
    );
    expect(r.stdout).toBe("hello\n");
    expect(toolNames(start)).toContain("mcp__shapes__measure");
    expect(toolNames(start)).not.toContain("mcp__shapes__broken");
    expect(r.stderr).toMatch(/MCP server "shapes": tool "broken" not registered/);
  });
});
