// Big sessions: resuming keeps only the kept part of the active path in memory; listing reads
// the ends of files only; a damaged line found late is reported and the path still loads.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { listSessions } from "../../plugins/session-jsonl/format/list.js";
import { Session } from "../../plugins/session-jsonl/model/session.js";
// @ts-expect-error plain ESM bench module without types
import { writeSession } from "../../bench/sessions.bench.mjs";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const quiet = () => {};

/** A 1,100-entry session (compacted at entry 999) whose line `no` is broken in the middle, opened. */
function openDamaged(no: number): { session: Session; problems: string[] } {
  dir = mkdtempSync(join(tmpdir(), "pik-bounded-"));
  const file = join(dir, "s.jsonl");
  (writeSession as (f: string, n: number, cwd: string) => void)(file, 1_100, dir);
  const lines = readFileSync(file, "utf8").split("\n");
  lines[no - 1] = lines[no - 1].replace('"content":[', '"content":[[[');
  writeFileSync(file, lines.join("\n"));
  const problems: string[] = [];
  return { session: Session.open(file, (m) => problems.push(m)), problems };
}

describe("bounded resume", () => {
  it("holds the content of the kept entries only, not of the whole file", () => {
    dir = mkdtempSync(join(tmpdir(), "pik-bounded-"));
    const file = join(dir, "big.jsonl");
    (writeSession as (f: string, n: number, cwd: string) => void)(file, 5_000, dir);
    const session = Session.open(file, quiet);
    const ctx = session.context();
    expect(session.tree.order).toHaveLength(5_000);
    // the last compaction is entry 4999 (index 4998), keeping the 40 entries before it
    expect(ctx.messages[0].role).toBe("compactionSummary");
    expect(ctx.messages).toHaveLength(41);
    const loaded = session.tree.order.filter(
      (n) => n.entry && !["model_change", "thinking_level_change", "label", "session_info"].includes(n.type),
    );
    expect(loaded.length).toBeLessThanOrEqual(42);
    expect(loaded.length).toBeGreaterThan(0);
    // entries that were not loaded can still be read back one by one
    expect(session.tree.entry("00000002")).toMatchObject({ type: "message", message: { role: "toolResult" } });
  });

  it("a line damaged in the middle of its content is reported and skipped", () => {
    dir = mkdtempSync(join(tmpdir(), "pik-bounded-"));
    const file = join(dir, "s.jsonl");
    (writeSession as (f: string, n: number, cwd: string) => void)(file, 30, dir);
    const lines = readFileSync(file, "utf8").split("\n");
    // line 7 is entry 5 (an assistant message): break its middle, keep its start and end
    lines[6] = lines[6].replace('"content":[', '"content":[[[');
    writeFileSync(file, lines.join("\n"));
    const problems: string[] = [];
    const session = Session.open(file, (m) => problems.push(m));
    const ctx = session.context();
    // Before a file's first compaction every line is decoded when the file is opened (it is all
    // context); the others are decoded when they are read (then: "line 7 is damaged").
    expect(problems.join("\n")).toMatch(/line 7 is not valid JSON; skipped/);
    expect(ctx.messages).toHaveLength(29);
    expect(session.tree.pathNodes()).toHaveLength(29);
  });

  it("a never-compacted session is decoded once, and a branch off its path is not kept", () => {
    dir = mkdtempSync(join(tmpdir(), "pik-bounded-"));
    const file = join(dir, "s.jsonl");
    (writeSession as (f: string, n: number, cwd: string, shape: string) => void)(file, 40, dir, "never");
    // a branch from entry 10 that the leaf is not on
    const branch = { type: "message", id: "ffff0001", parentId: "0000000a", timestamp: new Date(0).toISOString() };
    const leaf = {
      type: "label",
      id: "ffff0002",
      parentId: "00000027",
      timestamp: new Date(0).toISOString(),
      targetId: "00000001",
      label: "x",
    };
    appendFileSync(
      file,
      `${JSON.stringify({ ...branch, message: { role: "user", content: "aside", timestamp: 1 } })}\n${JSON.stringify(leaf)}\n`,
    );
    const session = Session.open(file, quiet);
    const off = session.tree.order.find((n) => n.id === "ffff0001");
    expect(off?.entry).toBeUndefined();
    expect(session.tree.order.filter((n) => n.entry)).toHaveLength(41);
    expect(session.context().messages).toHaveLength(40);
    expect(session.tree.entry("ffff0001")).toMatchObject({ message: { content: "aside" } });
  });

  it("a never-compacted session over several reads and spans: a damaged line mid-context is skipped, the rest is as written", () => {
    dir = mkdtempSync(join(tmpdir(), "pik-bounded-"));
    const file = join(dir, "s.jsonl");
    (writeSession as (f: string, n: number, cwd: string, shape: string) => void)(file, 2_000, dir, "never");
    const lines = readFileSync(file, "utf8").split("\n");
    // entry 1,801 (line 1,803, past the first 1 MiB read) broken in the middle; entry 1,698's tool
    // output made non-ASCII, so the decoded spans' characters and bytes differ
    lines[1802] = lines[1802].replace('"content":[', '"content":[[[');
    lines[1699] = lines[1699].replace("line of tool output", "sortie é€😀");
    writeFileSync(file, lines.join("\n"));
    const problems: string[] = [];
    const session = Session.open(file, (m) => problems.push(m));
    expect(problems.map((p) => p.replace(`${file}: `, ""))).toEqual([
      "line 1803 is not valid JSON; skipped",
      "line 1804: its parent 00000709 is not an earlier entry; attached to the entry before it (line 1802)",
    ]);
    const messages = session.context().messages;
    expect(messages).toHaveLength(1_999);
    const result = messages.find((m) => (m as { toolCallId?: string }).toolCallId === "call_1697");
    expect(JSON.stringify(result)).toContain("sortie é€😀");
    expect(messages.at(-1)).toMatchObject({ role: "assistant", timestamp: Date.parse("2026-01-01T00:00:00.000Z") + 1_999 });
  });

  it("after a compaction, a line damaged in the middle of its content is reported when it is read and skipped", () => {
    // line 1003 is entry 1001 (an assistant message after the compaction at entry 999)
    const { session, problems } = openDamaged(1_003);
    expect(problems).toEqual([]);
    const ctx = session.context();
    expect(problems.join("\n")).toMatch(/line 1003 is damaged/);
    // the summary, the 40 kept entries and 99 of the 100 after the compaction
    expect(ctx.messages).toHaveLength(140);
  });

  it("in the read that holds the file's first compaction, the lines before it are indexed from their first bytes too", () => {
    // line 503 is entry 501 (an assistant message), before the compaction at entry 999 (line 1001)
    const { session, problems } = openDamaged(503);
    // not decoded (and dropped) at opening: found when it is read, as after a compaction
    expect(problems).toEqual([]);
    expect(session.context().messages).toHaveLength(141); // the summary, 40 kept, 100 after
    expect(problems).toEqual([]);
    const ctx = session.context("000001f6"); // entry 502: a path without the compaction
    expect(problems.join("\n")).toMatch(/line 503 is damaged/);
    expect(ctx.messages).toHaveLength(502);
  });
});

describe("listing", () => {
  it("reads names, first messages and ids from the ends of files, skipping non-sessions", () => {
    dir = mkdtempSync(join(tmpdir(), "pik-list-"));
    const file = join(dir, "2026-01-01T00-00-00-000Z_01a1ff48-0000-7000-8000-000000000000.jsonl");
    (writeSession as (f: string, n: number, cwd: string) => void)(file, 2_000, dir);
    appendFileSync(
      file,
      `${JSON.stringify({ type: "session_info", id: "ffff0001", parentId: "000007cf", timestamp: new Date().toISOString(), name: "Big refactor" })}\n`,
    );
    writeFileSync(join(dir, "junk.jsonl"), "not json\n");
    const list = listSessions(dir);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: "01a1ff48-0000-7000-8000-000000000000",
      name: "Big refactor",
      cwd: dir,
      firstMessage: "Please do step 0 of the plan and report back.",
    });
  });
});
