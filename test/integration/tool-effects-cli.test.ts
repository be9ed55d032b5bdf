// Tools say what they do, through the real CLI: a third-party plugin (-e) whose `patch_file`
// declares `effect: "edit"` and its paths gets accept-edits (allowed inside the workspace, asked
// outside: in print mode nobody can answer, so denied with the Edit rule that would allow it),
// rewind (its change is in the turn's checkpoint) and an ACP diff; its twin `scribble`, which
// declares nothing, is "other" everywhere. MCP tools take their effect from the server's
// annotations: the filesystem server's read-only tool runs in read-only mode, its destructive
// local one is refused as an edit, and a tool with no hints as "other".
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { AcpClient } from "../fixtures/acp/client.js";
import { type Record_, RpcProcess } from "../support/rpc-process.js";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

const MODEL = ["--provider", "sim", "--model", "sim-model"];
const PLUGIN = ["-e", resolve("test/fixtures/tool-effects/index.ts")];
const BIN = resolve("node_modules/.bin");
const FIXTURE_SERVER = resolve("test/plugins/mcp/fixture-server.mjs");
const APP = 'const greeting = "hello";\nconsole.log(greeting + ", world");\n';

function toolResults(sim: { requests: { body: unknown }[] }, from: number): string[] {
  const body = sim.requests.slice(from).at(-1)!.body as { messages: { role: string; content: string }[] };
  return body.messages.filter((m) => m.role === "tool").map((m) => m.content);
}

describe("a tool's declared effect and paths, through the spawned CLI", () => {
  const env = simProjects();

  it("accept-edits allows a third-party edit tool inside the workspace, asks outside, and asks for one that declares nothing", async () => {
    const { project, agentDir, root } = env.project();
    env.sim.script(
      { toolCalls: [{ name: "patch_file", arguments: { file: "src/app.js", line: "// patched" } }] },
      { toolCalls: [{ name: "patch_file", arguments: { file: "../outside.txt", line: "escaped" } }] },
      { toolCalls: [{ name: "scribble", arguments: { file: "src/app.js", line: "// scribbled" } }] },
      { text: "done" },
    );
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, ...PLUGIN, "--permission-mode", "accept-edits", "-p", "patch it"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.stdout).toBe("done\n");
    const [inside, outside, other] = toolResults(env.sim, from);
    expect(inside).toBe("appended to src/app.js");
    expect(outside).toMatch(/Permission needed for patch_file: .*outside\.txt \(permission mode accept-edits\)/);
    expect(outside).toContain(`"Edit(/${join(root, "outside.txt")})"`);
    expect(other).toMatch(/Permission needed for scribble \{.*\} \(permission mode accept-edits\).*"scribble"/);
    expect(readFileSync(join(project, "src", "app.js"), "utf8")).toBe(`${APP}// patched\n`);
  });

  it("read-only mode runs a tool that declares itself a read and refuses the third-party edit tool", async () => {
    const { project, agentDir } = env.project();
    env.sim.script(
      { toolCalls: [{ name: "patch_file", arguments: { file: "src/app.js", line: "// no" } }] },
      { toolCalls: [{ name: "read", arguments: { path: "src/app.js" } }] },
      { text: "looked" },
    );
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, ...PLUGIN, "--permission-mode", "read-only", "-p", "look"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.stdout).toBe("looked\n");
    const [patch, read] = toolResults(env.sim, from);
    expect(patch).toMatch(/Permission mode is read-only: patch_file edits files/);
    expect(read).toContain("greeting");
    expect(readFileSync(join(project, "src", "app.js"), "utf8")).toBe(APP);
  });

  it("rewinds what a third-party edit tool changed (its call waits for the turn's checkpoint)", async () => {
    const { project, agentDir } = env.project();
    const rpc = new RpcProcess([...MODEL, ...PLUGIN], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    env.sim.script({ toolCalls: [{ name: "patch_file", arguments: { file: "src/app.js", line: "// patched" } }] }, { text: "patched" });
    const mark = rpc.records.length;
    await rpc.call({ type: "prompt", message: "patch it" });
    await rpc.waitFor((r) => r.type === "agent_end", mark);
    expect(readFileSync(join(project, "src", "app.js"), "utf8")).toBe(`${APP}// patched\n`);
    const { checkpoints } = (await rpc.call({ type: "get_checkpoints" })).data;
    expect(checkpoints.map((c: Record_) => [c.text, c.files])).toEqual([["patch it", ["src/app.js"]]]);
    const rewound = await rpc.call({ type: "rewind", entryId: checkpoints[0].entryId, files: true, conversation: false });
    expect(rewound.data.restoredFiles).toEqual(["src/app.js"]);
    expect(readFileSync(join(project, "src", "app.js"), "utf8")).toBe(APP);
    expect(await rpc.close()).toBe(0);
  });

  it("maps MCP annotations: readOnlyHint runs in read-only mode, destructive local is an edit, no hints is other", async () => {
    const { project, agentDir } = env.project();
    const files = mkdtempSync(join(tmpdir(), "pik-effects-mcp-"));
    writeFileSync(join(files, "notes.txt"), "the notes say hello");
    const mcpServers = {
      fs: { command: join(BIN, "mcp-server-filesystem"), args: [files], defer: false },
      fixture: { command: process.execPath, args: [FIXTURE_SERVER], defer: false },
    };
    writeFileSync(join(agentDir, "mcp.json"), JSON.stringify({ mcpServers }));
    env.sim.script(
      { toolCalls: [{ name: "mcp__fs__read_text_file", arguments: { path: join(files, "notes.txt") } }] },
      { toolCalls: [{ name: "mcp__fs__write_file", arguments: { path: join(files, "notes.txt"), content: "gone" } }] },
      { toolCalls: [{ name: "mcp__fixture__grow", arguments: {} }] },
      { text: "read it" },
    );
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "--permission-mode", "read-only", "-p", "read the notes"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
      timeoutMs: 30_000,
    });
    expect(r.stdout).toBe("read it\n");
    const [read, write, grow] = toolResults(env.sim, from);
    expect(read).toContain("the notes say hello");
    expect(write).toMatch(/Permission mode is read-only: mcp__fs__write_file edits files/);
    expect(grow).toMatch(/Permission mode is read-only: mcp__fixture__grow is not a reading tool/);
    expect(readFileSync(join(files, "notes.txt"), "utf8")).toBe("the notes say hello");
  });

  it("shows an ACP client the third-party edit as an edit with its diff, and the undeclared one as other", async () => {
    const { project, agentDir } = env.project();
    const client = new AcpClient([...MODEL, ...PLUGIN], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    await client.initialize({});
    const { sessionId } = await client.agent.request("session/new", { cwd: project, mcpServers: [] });
    env.sim.script(
      { toolCalls: [{ id: "call_patch", name: "patch_file", arguments: { file: "src/app.js", line: "// patched" } }] },
      { toolCalls: [{ id: "call_scribble", name: "scribble", arguments: { file: "src/app.js", line: "// scribbled" } }] },
      { text: "done" },
    );
    expect((await client.prompt(sessionId, [{ type: "text", text: "patch it" }])).stopReason).toBe("end_turn");
    const app = join(project, "src", "app.js");
    const calls = client.of("tool_call");
    expect(calls.find((c) => c.toolCallId === "call_patch")).toMatchObject({
      kind: "edit",
      title: "Patch src/app.js",
      locations: [{ path: app }],
    });
    expect(calls.find((c) => c.toolCallId === "call_scribble")).toMatchObject({ kind: "other", title: "Scribble", locations: [] });
    const content = (id: string) =>
      client
        .of("tool_call_update")
        .filter((u) => u.toolCallId === id)
        .flatMap((u) => u.content ?? []);
    expect(content("call_patch")).toContainEqual({ type: "diff", path: app, oldText: APP, newText: `${APP}// patched\n` });
    expect(content("call_scribble").some((c) => c.type === "diff")).toBe(false);
    expect(await client.close()).toBe(0);
  });
});
