// Lazy snapshots (issue 34): a turn takes its snapshot before its first tool call that may change
// files, and none when it only answers or reads; yet every user message stays a checkpoint with
// the files it had when it was sent. A real kernel with the real session store, tools (read,
// write, bash) and checkpoints plugin, real files and real git; the model is scripted.
// The property: random sequences of turns (each answering only, or reading, writing, deleting
// files, running bash, or calling an extension's tool that declares no effect, one call after
// another or all at once), then files-only rewinds to random messages: the files are exactly
// what they were when that message was sent, and get_checkpoints lists every message with the
// files that differ now.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { definePlugin, Type, type ToolDef } from "../../kernel/index.js";
import checkpoints from "../../plugins/checkpoints/index.js";
import { shadowDir } from "../../plugins/checkpoints/shadow-dir.js";
import sessionJsonl from "../../plugins/session-jsonl/index.js";
import toolsCore from "../../plugins/tools-core/index.js";
import type { RpcCommandDef } from "../../contracts/rpc-commands.js";
import { type Harness, startKernel } from "../kernel/harness.js";

const root = mkdtempSync(join(tmpdir(), "pik-cp-lazy-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const FILES = ["a.txt", "d/b.txt", "c.txt"];
type Files = Record<string, string | undefined>;

/** An extension's tool that declares no effect (so it may change anything): it writes a file. */
const touchTool: ToolDef = {
  name: "touch",
  description: "writes a file",
  parameters: Type.Object({ path: Type.String(), content: Type.String() }),
  async execute(_id, params: { path: string; content: string }, _signal, _update, ctx) {
    const file = join(ctx.cwd, params.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, params.content);
    return { content: [{ type: "text", text: "ok" }] };
  },
};
const touch = definePlugin({ name: "touch-tool", setup: (api) => api.register.tool(touchTool) });

let n = 0;
async function start(): Promise<{ h: Harness; ws: string; agentDir: string }> {
  const dir = join(root, `k${n++}`);
  const ws = join(dir, "ws");
  mkdirSync(ws, { recursive: true });
  const agentDir = join(dir, "agent");
  const h = await startKernel([sessionJsonl, toolsCore, checkpoints, touch], {
    cwd: ws,
    agentDir,
    settings: { sessionDir: join(dir, "sessions") },
  });
  return { h, ws, agentDir };
}

const rpc = (h: Harness, name: string, cmd: Record<string, unknown> = {}) =>
  (h.kernel.host.current.registry.get("rpcCommand", name) as RpcCommandDef).handler({ type: name, ...cmd }) as Promise<
    Record<string, unknown>
  >;

function filesOf(ws: string): Files {
  return Object.fromEntries(FILES.map((f) => [f, existsSync(join(ws, f)) ? readFileSync(join(ws, f), "utf8") : undefined]));
}

const differing = (a: Files, b: Files) => FILES.filter((f) => a[f] !== b[f]).sort();

const file = fc.constantFrom(...FILES);
const content = fc.stringMatching(/^[a-z]{0,4}$/);
const action = fc.oneof(
  fc.record({ name: fc.constant("read"), arguments: fc.record({ path: file }) }),
  fc.record({ name: fc.constant("write"), arguments: fc.record({ path: file, content }) }),
  fc.record({ name: fc.constant("touch"), arguments: fc.record({ path: file, content }) }),
  file.map((path) => ({ name: "bash", arguments: { command: `rm -f ${path}` } })),
  fc.tuple(file, content).map(([path, text]) => ({
    name: "bash",
    arguments: { command: `mkdir -p ${dirname(path)} && printf %s '${text}' > ${path}` },
  })),
);
/** A turn: its tool calls (none: it only answers), one assistant message each or all in one. */
const turn = fc.record({
  calls: fc.oneof(
    fc.constant([] as { name: string; arguments: Record<string, unknown> }[]),
    fc.array(fc.record({ name: fc.constant("read"), arguments: fc.record({ path: file }) }), { maxLength: 2 }),
    fc.array(action, { maxLength: 3 }),
  ),
  together: fc.boolean(),
});
const changes = (t: { calls: { name: string }[] }) => t.calls.some((c) => c.name !== "read");

async function play(h: Harness, t: { calls: { name: string; arguments: Record<string, unknown> }[]; together: boolean }, i: number) {
  if (t.together && t.calls.length > 0) h.sim.push({ toolCalls: t.calls });
  else for (const call of t.calls) h.sim.push({ toolCalls: [call] });
  h.sim.push({ text: `done ${i}` });
  await h.kernel.actions.prompt(`turn ${i}`);
}

describe("lazy checkpoints", () => {
  it("every message rewinds to the files it was sent with, whichever turns took a snapshot", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(turn, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
        async (turns, picks) => {
          const { h, ws, agentDir } = await start();
          try {
            writeFileSync(join(ws, "a.txt"), "start");
            const sent: Files[] = [];
            for (const [i, t] of turns.entries()) {
              sent.push(filesOf(ws));
              await play(h, t, i);
            }
            const now = filesOf(ws);
            const listed = (await rpc(h, "get_checkpoints")).checkpoints as { entryId: string; text: string; files: string[] }[];
            expect(listed.map((c) => c.text)).toEqual(turns.map((_, i) => `turn ${i}`));
            // No git at all unless some turn may have changed a file (listing needs none either then).
            expect(existsSync(join(shadowDir(agentDir, ws), "git"))).toBe(turns.some(changes));
            expect(listed.map((c) => c.files.sort())).toEqual(sent.map((s) => differing(s, now)));
            for (const p of picks) {
              const k = p % turns.length;
              await rpc(h, "rewind", { entryId: listed[k].entryId, files: true, conversation: false });
              expect(filesOf(ws)).toEqual(sent[k]);
            }
            await rpc(h, "undo_rewind");
            expect(filesOf(ws)).toEqual(picks.length > 1 ? sent[picks.at(-2)! % turns.length] : now);
          } finally {
            await h.kernel.stop();
          }
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe("lazy checkpoints, cases", () => {
  const texts = (list: unknown) => (list as { text: string }[]).map((c) => c.text);
  const checkpointsOf = async (h: Harness) =>
    (await rpc(h, "get_checkpoints")).checkpoints as { entryId: string; text: string; files: string[] }[];

  it("bash that writes in a turn whose first tool is a read: the write waits for the snapshot", async () => {
    const { h, ws, agentDir } = await start();
    try {
      writeFileSync(join(ws, "a.txt"), "start");
      h.sim.push({ text: "hi" });
      await h.kernel.actions.prompt("just answer");
      h.sim.push(
        { toolCalls: [{ name: "read", arguments: { path: "a.txt" } }] },
        { toolCalls: [{ name: "bash", arguments: { command: "printf changed > a.txt && printf new > b.txt" } }] },
        { text: "done" },
      );
      await h.kernel.actions.prompt("look, then change");
      expect(readFileSync(join(ws, "a.txt"), "utf8")).toBe("changed");
      const list = await checkpointsOf(h);
      expect(list.map((c) => [c.text, c.files])).toEqual([
        ["just answer", ["a.txt", "b.txt"]],
        ["look, then change", ["a.txt", "b.txt"]],
      ]);
      // One snapshot for the two messages: index.jsonl has the skipped mark and the snapshot; the
      // rewind adds the workspace as it found it (what a message sent since, without a snapshot, had).
      const kinds = () =>
        readFileSync(join(shadowDir(agentDir, ws), "index.jsonl"), "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l))
          .map((l) => ("skipped" in l ? "skipped" : "messageTimestamp" in l ? "snapshot" : "before rewind"));
      expect(kinds()).toEqual(["skipped", "snapshot"]);
      await rpc(h, "rewind", { entryId: list[0].entryId, files: true, conversation: false });
      expect(readFileSync(join(ws, "a.txt"), "utf8")).toBe("start");
      expect(existsSync(join(ws, "b.txt"))).toBe(false);
      expect(kinds()).toEqual(["skipped", "snapshot", "before rewind"]);
    } finally {
      await h.kernel.stop();
    }
  });

  it("a message before a branch that changed files rewinds past the branch, not to the workspace now", async () => {
    const { h, ws } = await start();
    try {
      writeFileSync(join(ws, "a.txt"), "start");
      h.sim.push({ text: "hi" });
      await h.kernel.actions.prompt("first");
      h.sim.push({ toolCalls: [{ name: "write", arguments: { path: "a.txt", content: "branch" } }] }, { text: "done" });
      await h.kernel.actions.prompt("second");
      const second = (await checkpointsOf(h))[1];
      await rpc(h, "rewind", { entryId: second.entryId, files: false, conversation: true });
      h.sim.push({ text: "ok" });
      await h.kernel.actions.prompt("second, again");
      const list = await checkpointsOf(h);
      expect(list.map((c) => [c.text, c.files])).toEqual([
        ["first", ["a.txt"]],
        ["second, again", []],
      ]);
      await rpc(h, "rewind", { entryId: list[0].entryId, files: true, conversation: false });
      expect(readFileSync(join(ws, "a.txt"), "utf8")).toBe("start");
    } finally {
      await h.kernel.stop();
    }
  });

  it("across processes: a marked turn resolves to a later process's snapshot; a turn with checkpoints off is not offered", async () => {
    const dir = join(root, `x${n++}`);
    const ws = join(dir, "ws");
    mkdirSync(ws, { recursive: true });
    writeFileSync(join(ws, "a.txt"), "start");
    const agentDir = join(dir, "agent");
    const run = async (prompt: string, turns: Parameters<Harness["sim"]["push"]>, settings: Record<string, unknown> = {}) => {
      const h = await startKernel([sessionJsonl, toolsCore, checkpoints], {
        cwd: ws,
        agentDir,
        flags: { continue: true },
        settings: { sessionDir: join(dir, "sessions"), ...settings },
      });
      h.sim.push(...turns);
      await h.kernel.actions.prompt(prompt);
      return h;
    };
    await (
      await run("off", [{ toolCalls: [{ name: "write", arguments: { path: "a.txt", content: "off" } }] }, { text: "ok" }], {
        checkpoints: { enabled: false },
      })
    ).kernel.stop();
    await (await run("answer", [{ text: "hi" }])).kernel.stop();
    // The answer-only run spawned no git: it only marked its message.
    expect(existsSync(join(shadowDir(agentDir, ws), "git"))).toBe(false);
    const h = await run("change", [{ toolCalls: [{ name: "write", arguments: { path: "a.txt", content: "changed" } }] }, { text: "ok" }]);
    try {
      const list = await checkpointsOf(h);
      expect(texts(list)).toEqual(["answer", "change"]);
      await rpc(h, "rewind", { entryId: list[0].entryId, files: true, conversation: false });
      expect(readFileSync(join(ws, "a.txt"), "utf8")).toBe("off");
    } finally {
      await h.kernel.stop();
    }
  });

  it("a failed snapshot warns, and neither its message nor an earlier skipped one of the session is offered", async () => {
    const { h, ws, agentDir } = await start();
    try {
      h.sim.push({ text: "hi" });
      await h.kernel.actions.prompt("answer");
      // A file where the shadow repository's git folder should be: git cannot start it.
      mkdirSync(shadowDir(agentDir, ws), { recursive: true });
      writeFileSync(join(shadowDir(agentDir, ws), "git"), "in the way");
      h.sim.push({ toolCalls: [{ name: "write", arguments: { path: "a.txt", content: "x" } }] }, { text: "ok" });
      await h.kernel.actions.prompt("change");
      expect(readFileSync(join(ws, "a.txt"), "utf8")).toBe("x");
      expect(h.diagnostics.map((d) => d.code)).toContain("checkpoints-failed");
      expect(texts((await rpc(h, "get_checkpoints").catch(() => ({ checkpoints: [] }))).checkpoints)).toEqual([]);
    } finally {
      await h.kernel.stop();
    }
  });
});
