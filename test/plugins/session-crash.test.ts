// Crash-proofing with real files and real processes: kill -9 during appends, torn and corrupt
// lines, files that are not sessions, a deleted file, and two processes on one session.
import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Session } from "../../plugins/session-jsonl/model/session.js";
import { NotASessionError } from "../../plugins/session-jsonl/format/read.js";
import { copyFixture, readEntries, sessionEnv, sessionSuite, startAgent } from "../support/sessions.js";

const APPENDER = join(import.meta.dirname, "session-appender.mjs");
const COMPILED = join(import.meta.dirname, "..", "..", "dist", "plugins", "session-jsonl", "model", "session.js");

const children: ChildProcess[] = [];
const t = sessionSuite(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill("SIGKILL");
});

function spawnAppender(
  mode: "append" | "hold",
  file: string,
): { child: ChildProcess; lines: string[]; waitFor(pred: (lines: string[]) => boolean): Promise<void> } {
  if (!existsSync(COMPILED)) throw new Error(`the crash tests need the compiled library (${COMPILED}); run npm run build`);
  const child = spawn(process.execPath, [APPENDER, mode, file], { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  const lines: string[] = [];
  let buffer = "";
  const waiters: (() => void)[] = [];
  child.stdout!.on("data", (d) => {
    buffer += d;
    const parts = buffer.split("\n");
    buffer = parts.pop()!;
    lines.push(...parts);
    for (const w of waiters.splice(0)) w();
  });
  const waitFor = (pred: (l: string[]) => boolean) =>
    new Promise<void>((resolve, reject) => {
      const check = () =>
        pred(lines) ? resolve() : child.exitCode !== null ? reject(new Error(`appender exited: ${lines.join("|")}`)) : waiters.push(check);
      check();
    });
  return { child, lines, waitFor };
}

const killed = (c: ChildProcess) => new Promise<void>((r) => (c.exitCode !== null || c.signalCode ? r() : c.once("exit", () => r())));
const quiet = () => {};

describe("kill -9 during appends", () => {
  it("keeps every complete entry, reports a torn tail, and appends the next entry on its own line", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture("simple", t.env.sessionDir, t.env.project);
    const before = readEntries(file).length;
    const a = spawnAppender("append", file);
    await a.waitFor((l) => l.filter((x) => x.startsWith("wrote")).length >= 40);
    a.child.kill("SIGKILL");
    await killed(a.child);
    const acknowledged = a.lines.filter((x) => x.startsWith("wrote")).map((x) => x.slice(6));

    const text = readFileSync(file, "utf8");
    const problems: string[] = [];
    const session = Session.open(file, (m) => problems.push(m));
    // every entry the child finished writing is there, in the tree
    for (const id of acknowledged) expect(session.tree.has(id)).toBe(true);
    expect(session.tree.order.length).toBeGreaterThanOrEqual(before - 1 + acknowledged.length);
    if (!text.endsWith("\n")) expect(problems.join("\n")).toMatch(/incomplete/);

    // a new process can take over (the lock of the dead one is stale) and continue
    const agent = await startAgent(t.env, { session: file });
    t.sim.script({ text: "after the crash" });
    await agent.api.actions.prompt("still there?");
    await agent.stop();
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines.at(-1)).toBe("");
    const parsed = lines.slice(0, -1).map((l) => JSON.parse(l) as { id?: string; type: string; message?: { content: unknown } });
    expect(parsed.at(-1)).toMatchObject({ type: "message", message: { content: [{ type: "text", text: "after the crash" }] } });
    expect(parsed.length).toBe(1 + session.tree.order.length + 2);
  });
});

describe("damaged files", () => {
  it("a torn last line is reported, cut off before the next append, never fused", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture("simple", t.env.sessionDir, t.env.project);
    appendFileSync(
      file,
      '{"type":"message","id":"deadbeef","parentId":"733f5616","timestamp":"2026-11-21T18:05:00.000Z","message":{"role":"user","cont',
    );
    const a = await startAgent(t.env, { session: file });
    expect(a.api.agent.messages).toHaveLength(2);
    t.sim.script({ text: "fine" });
    await a.api.actions.prompt("next");
    await a.stop();
    expect(a.diagnostics.map((d) => d.message).join("\n")).toMatch(/line 6 is incomplete/);
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines).toHaveLength(8);
    expect(lines.slice(0, -1).map((l) => JSON.parse(l).type)).toEqual([
      "session",
      "model_change",
      "thinking_level_change",
      "message",
      "message",
      "message",
      "message",
    ]);
    expect(JSON.parse(lines[5]).parentId).toBe("733f5616");
  });

  it("a corrupt middle line is reported with its line number and skipped; the rest loads", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture("compacted", t.env.sessionDir, t.env.project);
    const lines = readFileSync(file, "utf8").split("\n");
    lines.splice(3, 0, "{this is not json");
    writeFileSync(file, lines.join("\n"));
    const a = await startAgent(t.env, { session: file });
    const count = a.api.agent.messages.length;
    await a.stop();
    expect(a.diagnostics.map((d) => d.message).join("\n")).toMatch(/line 4 is not valid JSON; skipped/);
    expect(count).toBe(9);
  });

  it("a file that is not a session is refused and left untouched", async () => {
    t.env = sessionEnv(t.sim.url);
    mkdirSync(t.env.sessionDir, { recursive: true });
    const file = join(t.env.sessionDir, "notes.jsonl");
    writeFileSync(file, '{"hello":"world"}\n');
    expect(() => Session.open(file, quiet)).toThrow(NotASessionError);
    const a = await startAgent(t.env, { session: file });
    t.sim.script({ text: "ok" });
    await a.api.actions.prompt("hi");
    const newFile = a.sessions.file;
    await a.stop();
    expect(readFileSync(file, "utf8")).toBe('{"hello":"world"}\n');
    expect(newFile).not.toBe(file);
    expect(a.diagnostics.find((d) => d.level === "error")?.message).toMatch(/not a pi session file.*left untouched/);
  });

  it("a session file deleted while in use is recreated with its header and the conversation", async () => {
    t.env = sessionEnv(t.sim.url);
    const a = await startAgent(t.env);
    t.sim.script({ text: "one" }, { text: "two" });
    await a.api.actions.prompt("first");
    const file = a.sessions.file!;
    const header = readEntries(file)[0];
    rmSync(file);
    await a.api.actions.prompt("second");
    await a.stop();
    const entries = readEntries(file);
    expect(entries[0]).toEqual(header);
    expect(entries.filter((e) => e.type === "message").map((e) => (e.message as { role: string }).role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
    expect(a.diagnostics.map((d) => d.message).join("\n")).toMatch(/was deleted; recreated/);
  });
});

describe("two processes, one session", () => {
  it("the second one forks instead of interleaving writes, and says so", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture("simple", t.env.sessionDir, t.env.project);
    const original = readFileSync(file, "utf8");
    const holder = spawnAppender("hold", file);
    await holder.waitFor((l) => l.includes("ready"));
    const a = await startAgent(t.env, { session: file });
    t.sim.script({ text: "in the fork" });
    await a.api.actions.prompt("hello");
    const forkFile = a.sessions.file!;
    await a.stop();
    expect(readFileSync(file, "utf8")).toBe(original);
    expect(forkFile).not.toBe(file);
    expect(readEntries(forkFile)[0]).toMatchObject({ parentSession: file });
    expect(readEntries(forkFile).filter((e) => e.type === "message")).toHaveLength(4);
    expect(a.diagnostics.map((d) => d.message).join("\n")).toMatch(new RegExp(`open in another pi process \\(pid ${holder.child.pid}\\)`));
  });
});
