// Checkpoints and rewind through the real CLI (RPC mode) against the loopback simulator: a turn
// edits a file with `edit` and creates one with `bash`; get_checkpoints lists the turn with the
// files changed since; rewind restores the edited file, removes the created one and moves the
// conversation back (a branch: nothing is deleted); undo_rewind puts both back. `/rewind` over
// RPC asks through the ui service's select (the same dialogs both UIs draw). .gitignore'd files
// are left alone, and the shadow repository lives under the agent dir, not in the project.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Record_, RpcProcess } from "../support/rpc-process.js";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

const MODEL = ["--provider", "sim", "--model", "sim-model"];
const APP = 'const greeting = "hello";\nconsole.log(greeting + ", world");\n';
const EDITED = 'const greeting = "bye";\nconsole.log(greeting + ", world");\n';

async function prompt(rpc: RpcProcess, message: string): Promise<void> {
  const mark = rpc.records.length;
  await rpc.call({ type: "prompt", message });
  await rpc.waitFor((r) => r.type === "agent_end", mark);
}

describe("rewind through the spawned CLI", () => {
  const env = simProjects();

  it("rewinds an edit and a bash-created file and the conversation, then undoes it", async () => {
    const { project, agentDir } = env.project();
    writeFileSync(join(project, ".gitignore"), "build/\n");
    const rpc = new RpcProcess(MODEL, { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    env.sim.script({ text: "looked" });
    await prompt(rpc, "just look");
    env.sim.script(
      { toolCalls: [{ name: "edit", arguments: { path: "src/app.js", edits: [{ oldText: '"hello"', newText: '"bye"' }] } }] },
      { toolCalls: [{ name: "bash", arguments: { command: "echo new > created.txt && mkdir -p build && echo x > build/out.txt" } }] },
      { text: "changed" },
    );
    await prompt(rpc, "change things");
    expect(readFileSync(join(project, "src", "app.js"), "utf8")).toBe(EDITED);
    const messagesBefore = (await rpc.call({ type: "get_messages" })).data.messages as Record_[];

    const { checkpoints } = (await rpc.call({ type: "get_checkpoints" })).data;
    expect(checkpoints.map((c: Record_) => [c.text, c.files])).toEqual([
      ["just look", ["created.txt", "src/app.js"]],
      ["change things", ["created.txt", "src/app.js"]],
    ]);
    const target = checkpoints[1];
    expect(typeof target.entryId).toBe("string");
    expect(Number.isNaN(Date.parse(target.timestamp))).toBe(false);

    const rewound = await rpc.call({ type: "rewind", entryId: target.entryId, files: true, conversation: true });
    expect(rewound.success).toBe(true);
    expect(rewound.data.restoredFiles).toEqual(["created.txt", "src/app.js"]);
    expect(readFileSync(join(project, "src", "app.js"), "utf8")).toBe(APP);
    expect(existsSync(join(project, "created.txt"))).toBe(false);
    expect(readFileSync(join(project, "build", "out.txt"), "utf8")).toBe("x\n"); // ignored: untouched
    const after = (await rpc.call({ type: "get_messages" })).data.messages as Record_[];
    expect(after.map((m) => m.role)).toEqual(["user", "assistant"]);
    // The leaf is the first turn's answer: the rewound turn is a branch off it, still in the file.
    expect(typeof rewound.data.leafId).toBe("string");
    expect(rewound.data.leafId).not.toBe(target.entryId);

    const undone = await rpc.call({ type: "undo_rewind" });
    expect(undone.data.restoredFiles).toEqual(["created.txt", "src/app.js"]);
    expect(readFileSync(join(project, "src", "app.js"), "utf8")).toBe(EDITED);
    expect(readFileSync(join(project, "created.txt"), "utf8")).toBe("new\n");
    const restored = (await rpc.call({ type: "get_messages" })).data.messages as Record_[];
    expect(restored.length).toBe(messagesBefore.length);

    // Files only: the conversation stays where it is.
    const filesOnly = await rpc.call({ type: "rewind", entryId: target.entryId, files: true, conversation: false });
    expect(filesOnly.data.restoredFiles).toEqual(["created.txt", "src/app.js"]);
    expect((await rpc.call({ type: "get_messages" })).data.messages.length).toBe(messagesBefore.length);
    expect(readFileSync(join(project, "src", "app.js"), "utf8")).toBe(APP);

    const bad = await rpc.call({ type: "rewind", entryId: "nope", files: true, conversation: true });
    expect(bad).toMatchObject({ success: false, error: "No user message nope on the current branch of this session" });
    expect(await rpc.close()).toBe(0);
    expect(readdirSync(project).sort()).toEqual([".gitignore", "build", "src"]);
    expect(readdirSync(join(agentDir, "checkpoints")).length).toBe(1);
  });

  it("/rewind asks through the ui service: pick a turn, then what to restore", async () => {
    const { project, agentDir } = env.project();
    const rpc = new RpcProcess(MODEL, { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    env.sim.script({ toolCalls: [{ name: "write", arguments: { path: "notes.md", content: "# notes\n" } }] }, { text: "wrote" });
    await prompt(rpc, "write notes");
    expect(existsSync(join(project, "notes.md"))).toBe(true);

    const mark = rpc.records.length;
    // As in pi, the response to a prompt that runs a command comes once the command is done,
    // so the dialogs are answered first.
    const rewound = rpc.call({ type: "prompt", message: "/rewind" });
    const pick = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "select", mark);
    expect(pick.title).toBe("Rewind to before which message?");
    expect(pick.options).toHaveLength(1);
    expect(pick.options[0]).toMatch(/write notes .*1 file changed since: notes\.md/);
    rpc.writeLine(JSON.stringify({ type: "extension_ui_response", id: pick.id, value: pick.options[0] }));
    const action = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "select" && r.id !== pick.id, mark);
    expect(action.options).toEqual(["Restore code and conversation", "Restore conversation only", "Restore code only", "Cancel"]);
    rpc.writeLine(JSON.stringify({ type: "extension_ui_response", id: action.id, value: "Restore code and conversation" }));
    const editor = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "set_editor_text", mark);
    expect(editor.text).toBe("write notes");
    const notice = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "notify", mark);
    expect(notice.message).toBe("Rewound: 1 file(s) restored: notes.md. /rewind can undo it.");
    expect((await rewound).success).toBe(true);
    expect(existsSync(join(project, "notes.md"))).toBe(false);
    expect((await rpc.call({ type: "get_messages" })).data.messages).toEqual([]);

    // The undo entry comes first now.
    const again = rpc.records.length;
    const undone = rpc.call({ type: "prompt", message: "/rewind" });
    const undo = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "select", again);
    expect(undo.options[0]).toBe("↶ Undo the last rewind");
    rpc.writeLine(JSON.stringify({ type: "extension_ui_response", id: undo.id, value: undo.options[0] }));
    await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "notify", again);
    expect((await undone).success).toBe(true);
    expect(readFileSync(join(project, "notes.md"), "utf8")).toBe("# notes\n");
    expect((await rpc.call({ type: "get_messages" })).data.messages.map((m: Record_) => m.role)).toEqual([
      "user",
      "assistant",
      "toolResult",
      "assistant",
    ]);
    expect(await rpc.close()).toBe(0);
  });

  it("a print or JSON run with --no-session records nothing (nothing could rewind to it); other runs do", async () => {
    const { project, agentDir } = env.project();
    const opts = { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } };
    const checkpointDir = join(agentDir, "checkpoints");
    for (const mode of [["-p"], ["--mode", "json"]]) {
      env.sim.script({ text: "done" });
      const r = await runCli([...MODEL, "--no-session", ...mode, "look"], opts);
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(checkpointDir)).toBe(false);
    }
    // `pi -p /rewind --no-session` says why there is nothing to rewind.
    const rewind = await runCli([...MODEL, "--no-session", "-p", "/rewind"], opts);
    expect(rewind.stdout + rewind.stderr).toContain("Rewind is off: a --no-session print run leaves no session to rewind");

    // In-process rewinds still work without a session file (RPC here, the interactive UI alike).
    const rpc = new RpcProcess([...MODEL, "--no-session"], opts);
    env.sim.script({ toolCalls: [{ name: "write", arguments: { path: "notes.md", content: "# notes\n" } }] }, { text: "wrote" });
    await prompt(rpc, "write notes");
    const { checkpoints } = (await rpc.call({ type: "get_checkpoints" })).data;
    expect(checkpoints.map((c: Record_) => [c.text, c.files])).toEqual([["write notes", ["notes.md"]]]);
    expect(await rpc.close()).toBe(0);

    env.sim.script({ text: "done" });
    expect((await runCli([...MODEL, "-p", "look"], opts)).code).toBe(0);
    expect(readdirSync(checkpointDir).length).toBe(1);
    // A turn that only answers takes no snapshot: its message is marked, and a later process
    // still offers it (with the files of the workspace now: nothing took a snapshot after it).
    const [shadow] = readdirSync(checkpointDir);
    const index = readFileSync(join(checkpointDir, shadow, "index.jsonl"), "utf8")
      .trim()
      .split("\n");
    expect(JSON.parse(index.at(-1) ?? "")).toMatchObject({ skipped: true });
    const listed = await runCli([...MODEL, "-c", "-p", "/rewind"], opts);
    expect(listed.stdout).toMatch(/look {2}· no file changes since/);
  });
});
