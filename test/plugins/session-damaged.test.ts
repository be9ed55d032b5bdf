// Nothing a damaged file holds or a plugin stores makes a session unloadable (issue 15): entries of
// the wrong shape are repaired or skipped with their line number, duplicate ids, missing parents
// and parent cycles are resolved so the conversation stays whole and in order, and what a plugin
// appends is checked before it is stored. Real files in temp dirs, the real session plugin.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sessionEnv, type SessionEnv, sessionSuite, startAgent } from "../support/sessions.js";

const t = sessionSuite();

const T = "2026-11-21T18:04:18.301Z";
const usage = {
  input: 1,
  output: 1,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 2,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};
const user = (id: string, parentId: string | null, text: unknown) => ({
  type: "message",
  id,
  parentId,
  timestamp: T,
  message: { role: "user", content: text, timestamp: 1 },
});
const assistant = (id: string, parentId: string | null, content: unknown, extra: Record<string, unknown> = {}) => ({
  type: "message",
  id,
  parentId,
  timestamp: T,
  message: {
    role: "assistant",
    content,
    api: "openai-completions",
    provider: "llmsim-openai",
    model: "sim-model",
    usage,
    stopReason: "stop",
    timestamp: 2,
    ...extra,
  },
});

/** Writes a session file of these lines (objects are JSON-encoded, strings written as they are). */
function sessionFile(lines: unknown[]): string {
  mkdirSync(t.env.sessionDir, { recursive: true });
  const file = join(t.env.sessionDir, "damaged.jsonl");
  const header = { type: "session", version: 3, id: "01a1ff47-cdf0-7327-88bc-1422e3eadad6", timestamp: T, cwd: t.env.project };
  writeFileSync(file, `${[header, ...lines].map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n")}\n`);
  return file;
}

/** Opens the file, sends one prompt, and returns the user and assistant texts the model got. */
async function resume(file: string) {
  const a = await startAgent(t.env, { session: file });
  t.sim.script({ text: "resumed fine" });
  const start = t.sim.requests.length;
  try {
    await a.api.actions.prompt("next question");
  } finally {
    await a.stop();
  }
  const sent = (t.sim.requests[start].body.messages as { role: string; content: unknown }[]).filter((m) => m.role !== "system");
  const text = (c: unknown) => (c == null ? "" : typeof c === "string" ? c : (c as { text?: string }[]).map((p) => p.text ?? "").join(""));
  return {
    sent: sent.map((m) => `${m.role}:${text(m.content)}`),
    warnings: a.diagnostics.filter((d) => d.level !== "info").map((d) => d.message),
  };
}

describe("entries of the wrong shape", () => {
  it("string content, null content parts and message: null: repaired or skipped, the session resumes", async () => {
    t.env = sessionFileEnv();
    const file = sessionFile([
      user("u1", null, "plain string user content"),
      assistant("a1", "u1", "assistant content as a string"),
      user("u2", "a1", [{ type: "text", text: "run it" }]),
      assistant("a2", "u2", [{ type: "toolCall", id: "call_1", name: "read" }] /* no arguments: become {} */, { stopReason: "toolUse" }),
      {
        type: "message",
        id: "t1",
        parentId: "a2",
        timestamp: T,
        message: {
          role: "toolResult",
          toolCallId: "call_1",
          toolName: "read",
          content: [1, null, { type: "bogus" }, { type: "text", text: "file text" }],
          isError: false,
          timestamp: 3,
        },
      },
      { type: "message", id: "n1", parentId: "t1", timestamp: T, message: null },
      assistant("a3", "n1", [{ type: "text", text: "done reading" }]),
    ]);
    const before = readFileSync(file, "utf8");
    const { sent, warnings } = await resume(file);
    expect(warnings.join("\n")).toMatch(/line 7 is not a valid session entry \(its message is not an object\); skipped/);
    expect(sent).toEqual([
      "user:plain string user content",
      "assistant:assistant content as a string",
      "user:run it",
      "assistant:",
      "tool:file text",
      "assistant:done reading",
      "user:next question",
    ]);
    // The file is only appended to: the damaged lines stay as they were.
    expect(readFileSync(file, "utf8").startsWith(before)).toBe(true);
  });
});

describe("the tree", () => {
  it("duplicate ids, a missing parent and a parent cycle keep the conversation whole and in order", async () => {
    t.env = sessionFileEnv();
    const first = user("u1", null, "first question");
    const file = sessionFile([
      first,
      first, // a write retried: line 3 repeats line 2
      assistant("a1", "u1", [{ type: "text", text: "first answer" }]),
      user("a1", "u1", "a different entry reusing a1"), // line 5: skipped, its id is taken
      user("u2", "gone", "second question"), // parent never written: hangs from a1
      assistant("a2", "u2", [{ type: "text", text: "second answer" }]),
      user("u3", "a3", "third question"), // parent written later (a3 -> u3 -> a3 is a cycle)
      assistant("a3", "u3", [{ type: "text", text: "third answer" }]),
    ]);
    const { sent, warnings } = await resume(file);
    expect(warnings.join("\n")).toMatch(/line 3 repeats the id u1 of line 2; skipped/);
    expect(warnings.join("\n")).toMatch(/line 5 repeats the id a1 of line 4; skipped/);
    expect(warnings.join("\n")).toMatch(/line 6: its parent gone is not an earlier entry; attached to the entry before it \(line 4\)/);
    expect(warnings.join("\n")).toMatch(/line 8: its parent a3 is not an earlier entry; attached to the entry before it \(line 7\)/);
    expect(sent).toEqual([
      "user:first question",
      "assistant:first answer",
      "user:second question",
      "assistant:second answer",
      "user:third question",
      "assistant:third answer",
      "user:next question",
    ]);
  });

  it("an entry under a damaged line hangs from that line's parent (its nearest good ancestor)", async () => {
    t.env = sessionFileEnv();
    const file = sessionFile([
      user("u1", null, "root question"),
      assistant("a1", "u1", [{ type: "text", text: "root answer" }]),
      user("u2", "a1", "on the main branch"),
      assistant("a2", "u2", [{ type: "text", text: "main answer" }]),
      user("b1", "a1", "on a side branch"),
      { type: "message", id: "bad", parentId: "b1", timestamp: T, message: { content: "no role" } },
      assistant("b2", "bad", [{ type: "text", text: "side answer" }]),
    ]);
    const { sent, warnings } = await resume(file);
    expect(warnings.join("\n")).toMatch(/line 7 is not a valid session entry \(its message has no role\); skipped/);
    expect(sent).toEqual([
      "user:root question",
      "assistant:root answer",
      "user:on a side branch",
      "assistant:side answer",
      "user:next question",
    ]);
  });
});

describe("reading another session whole (sessions.load, for exports)", () => {
  it("applies the same checks: bad entries reported and skipped, content repaired, parents re-attached", async () => {
    t.env = sessionFileEnv();
    const file = sessionFile([
      user("u1", null, "question"),
      { type: "message", id: "n1", parentId: "u1", timestamp: T, message: null },
      assistant("a1", "n1", "string answer"),
      user("u2", "missing", "later question"),
    ]);
    const a = await startAgent(t.env);
    const reports: string[] = [];
    const loaded = a.sessions.load(file, (m) => reports.push(m));
    await a.stop();
    expect(reports.join("\n")).toMatch(/line 3 is not a valid session entry \(its message is not an object\); skipped/);
    expect(reports.join("\n")).toMatch(/line 5: its parent missing is not an earlier entry; attached to the entry before it \(line 4\)/);
    expect(loaded.entries.map((e) => [e.id, e.parentId])).toEqual([
      ["u1", null],
      ["a1", "u1"],
      ["u2", "a1"],
    ]);
    expect(loaded.entries[1]).toMatchObject({ message: { content: [{ type: "text", text: "string answer" }] } });
  });
});

describe("what plugins store", () => {
  it("a tool result with junk content is stored normalised; a message: null is refused with a clear error", async () => {
    t.env = sessionFileEnv();
    const a = await startAgent(t.env);
    t.sim.script({ text: "hello" });
    await a.api.actions.prompt("start");
    a.sessions.append({
      type: "message",
      message: {
        role: "toolResult",
        toolCallId: "c1",
        toolName: "x",
        content: [1, null, { type: "bogus" }],
        isError: false,
        timestamp: 1,
      } as never,
    });
    a.sessions.append({ type: "message", message: { role: "assistant", content: "a plugin's string", timestamp: 1 } as never });
    expect(() => a.sessions.append({ type: "message", message: null as never })).toThrow(
      /not stored in the session: a message entry whose message is not an object/,
    );
    const file = a.sessions.file!;
    await a.stop();
    const { sent, warnings } = await resume(file);
    expect(warnings).toEqual([]);
    expect(sent).toEqual(["user:start", "assistant:hello", "assistant:a plugin's string", "user:next question"]);
  });
});

function sessionFileEnv(): SessionEnv {
  return sessionEnv(t.sim.url);
}
