// Issue 30 point 9 over RPC (the spawned CLI): a client that cancels the permission question
// (extension_ui_response {cancelled: true}) refuses the call and stops the run, as Esc does in the
// UIs: the file is untouched and the model is not asked again. An edit's question carries its diff.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RpcProcess } from "../support/rpc-process.js";
import { simProjects } from "../support/sim-projects.js";

const MODEL = ["--provider", "sim", "--model", "sim-model"];

describe("a dismissed permission question over RPC", () => {
  const env = simProjects();

  it("cancelled: the call is refused, the run ends and no further model request is made", async () => {
    const { project, agentDir } = env.project();
    const rpc = new RpcProcess([...MODEL, "--permission-mode", "ask"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    // One turn only (the simulator is shared by the file's tests): a second request would find none and fail.
    env.sim.script({
      toolCalls: [
        { name: "write", arguments: { path: "one.txt", content: "1\n" } },
        { name: "write", arguments: { path: "two.txt", content: "2\n" } },
      ],
    });
    const from = env.sim.requests.length;
    const mark = rpc.records.length;
    await rpc.call({ type: "prompt", message: "write two files" });
    const ask = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "select", mark);
    expect(ask.diff).toMatch(/^\+1$/m);
    rpc.writeLine(JSON.stringify({ type: "extension_ui_response", id: ask.id, cancelled: true }));
    await rpc.waitFor((r) => r.type === "agent_end", mark);
    const ends = rpc.records.slice(mark).filter((r) => r.type === "tool_execution_end");
    expect(ends).toHaveLength(2);
    expect(JSON.stringify(ends[0].result)).toMatch(/dismissed the permission question/);
    // Only one question: the second call is not asked about once the run is stopped.
    expect(rpc.records.slice(mark).filter((r) => r.type === "extension_ui_request" && r.method === "select")).toHaveLength(1);
    expect(existsSync(join(project, "one.txt"))).toBe(false);
    expect(existsSync(join(project, "two.txt"))).toBe(false);
    expect(env.sim.requests.length - from).toBe(1);
    expect(await rpc.close()).toBe(0);
  });

  it("an edit's question carries the proposed diff, and nothing is written before the answer", async () => {
    const { project, agentDir } = env.project();
    writeFileSync(join(project, "notes.txt"), "alpha\nbeta\n");
    const rpc = new RpcProcess([...MODEL, "--permission-mode", "ask"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    env.sim.script(
      { toolCalls: [{ name: "edit", arguments: { path: "notes.txt", edits: [{ oldText: "beta", newText: "gamma" }] } }] },
      { text: "done" },
    );
    const mark = rpc.records.length;
    await rpc.call({ type: "prompt", message: "edit" });
    const ask = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "select", mark);
    expect(ask.diff).toMatch(/^-beta$/m);
    expect(ask.diff).toMatch(/^\+gamma$/m);
    expect(readFileSync(join(project, "notes.txt"), "utf8")).toBe("alpha\nbeta\n");
    rpc.writeLine(JSON.stringify({ type: "extension_ui_response", id: ask.id, value: "Allow once" }));
    await rpc.waitFor((r) => r.type === "agent_end", mark);
    expect(readFileSync(join(project, "notes.txt"), "utf8")).toBe("alpha\ngamma\n");
    expect(await rpc.close()).toBe(0);
  });
});
