// Opening a session reads most lines from their first bytes only (the quick index, after the file's
// first compaction) and decodes the rest. Whatever a file holds, that must give exactly what a full
// decode of every line gives (format/load.ts, which parses and checks every entry): the same tree,
// leaf, labels, name, the same problems on the same lines, and the same context and path at the leaf
// and at any other entry. Generated sessions: branches, labels, compactions, custom entries, ids with
// non-ASCII or escaped characters, timestamps that are not plain ISO strings, keys in another order, CRLF and blank lines, garbage lines, entries
// of the wrong shape and a torn last line. (A line whose first bytes are intact but whose content is
// damaged is found when it is read, not when the file is opened: session-bounded.test.ts.)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { emptyUsage } from "pi-kernel";
import { afterAll, describe, expect, it } from "vitest";
import type { SessionEntry } from "../../contracts/session-entries.js";
import { loadSessionFile } from "../../plugins/session-jsonl/format/load.js";
import { indexNode } from "../../plugins/session-jsonl/format/read.js";
import { contextMessages, pathSettings } from "../../plugins/session-jsonl/model/context.js";
import { Session } from "../../plugins/session-jsonl/model/session.js";
import { EntryTree } from "../../plugins/session-jsonl/model/tree.js";

const dir = mkdtempSync(join(tmpdir(), "pik-fast-index-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  // around the 120 characters a preview keeps
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom("a", " ", "é", '"', "\n"), minLength: 110, maxLength: 130 }) },
);

type Op =
  | { k: "user"; text: string; parts: number }
  | { k: "assistant"; text: string; call: boolean }
  | { k: "toolResult"; text: string }
  | { k: "compaction"; pick: number; summary: string }
  | { k: "branch_summary"; summary: string }
  | { k: "custom" }
  | { k: "custom_message"; text: string }
  | { k: "label"; pick: number; label: string | undefined }
  | { k: "model_change" }
  | { k: "session_info"; name: string }
  | { k: "branch"; pick: number }
  | { k: "garbage"; line: string }
  | { k: "badEntry" }
  | { k: "dup"; pick: number }
  | { k: "orphan"; later: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ k: fc.constant("user" as const), text, parts: fc.nat(2) }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constant("assistant" as const), text, call: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant("toolResult" as const), text }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("compaction" as const), pick: fc.nat(), summary: text }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("branch_summary" as const), summary: text }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("custom" as const) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("custom_message" as const), text }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("label" as const), pick: fc.nat(), label: fc.option(text, { nil: undefined }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("model_change" as const) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("session_info" as const), name: text }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("branch" as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant("garbage" as const),
      line: fc.oneof(text, fc.constantFrom('{"type":"message","id":"zz', "[]", "42", '{"type":"message"}', "{}")),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("badEntry" as const) }) },
  // an id written before (skipped: the file is then checked with a Map of its ids), and a parent
  // that is no earlier entry (looked up, then attached to the entry before)
  { weight: 1, arbitrary: fc.record({ k: fc.constant("dup" as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("orphan" as const), later: fc.boolean() }) },
);

/** Timestamps as pi writes them, and as a damaged or foreign file may hold them (kept as bytes by the quick index). */
const stampStyle = fc.constantFrom("iso", "empty", "é", "escaped", "long", "number");
const stamp = (style: string, iso: string): unknown =>
  style === "empty"
    ? ""
    : style === "é"
      ? `${iso}é`
      : style === "escaped"
        ? `${iso}"\\`
        : style === "long"
          ? iso.repeat(3)
          : style === "number"
            ? Date.parse(iso)
            : iso;

// "" gives pi's ids (8 lowercase hex digits: their own key in the index); "UPPER" 8 characters
// that are not (from the tenth entry on), "mixed" pi's ids and others in one file.
const idStyle = fc.constantFrom(
  "",
  "UPPER",
  "mixed",
  "é",
  "日本",
  '"q',
  "\\b",
  "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0",
);
const idOf = (style: string, n: number): string => {
  const hex = n.toString(16).padStart(8, "0");
  if (style === "UPPER") return hex.toUpperCase();
  if (style === "mixed") return n % 3 === 1 ? `x${hex}` : hex;
  return `${style}${hex}`;
};

interface Shape {
  ops: Op[];
  idPrefix: string;
  stampStyle: string;
  /** Lines (by index) written with their keys in another order, with CRLF, or followed by a blank line. */
  reorder: number[];
  crlf: number[];
  blank: number[];
  /** Cut the last line short at this fraction of its length (a torn write), or not. */
  tear: number | undefined;
}

const shape: fc.Arbitrary<Shape> = fc.record({
  ops: fc.array(op, { minLength: 1, maxLength: 60 }),
  idPrefix: idStyle,
  stampStyle,
  reorder: fc.array(fc.nat(60), { maxLength: 5 }),
  crlf: fc.array(fc.nat(60), { maxLength: 3 }),
  blank: fc.array(fc.nat(60), { maxLength: 3 }),
  tear: fc.option(fc.double({ min: 0.05, max: 0.95, noNaN: true }), { nil: undefined }),
});

/** The session file for `s`, written with pi's key order (the tree fields first) unless reordered. */
function write(s: Shape): string {
  const lines: string[] = [JSON.stringify({ type: "session", version: 3, id: "sess", timestamp: new Date(0).toISOString(), cwd: dir })];
  const ids: string[] = [];
  const parents = new Map<string, string | null>();
  let leaf: string | null = null;
  let n = 0;
  const entry = (type: string, rest: Record<string, unknown>) => {
    const id = idOf(s.idPrefix, n++);
    const ts = stamp(s.stampStyle, new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString());
    const i = lines.length - 1;
    const value = s.reorder.includes(i)
      ? { ...rest, timestamp: ts, parentId: leaf, id, type }
      : { type, id, parentId: leaf, timestamp: ts, ...rest };
    lines.push(JSON.stringify(value) + (s.crlf.includes(i) ? "\r" : ""));
    if (s.blank.includes(i)) lines.push("");
    ids.push(id);
    parents.set(id, leaf);
    leaf = id;
  };
  const pathOf = (id: string | null) => {
    const out: string[] = [];
    for (let at = id; at !== null && at !== undefined; at = parents.get(at) ?? null) out.unshift(at);
    return out;
  };
  const msg = (message: Record<string, unknown>) => entry("message", { message: { ...message, timestamp: n } });
  for (const o of s.ops) {
    if (o.k === "user")
      msg({
        role: "user",
        content:
          o.parts === 0
            ? o.text
            : [
                { type: "text", text: o.text },
                { type: "text", text: "and" },
              ].slice(0, o.parts),
      });
    else if (o.k === "assistant") {
      const content: unknown[] = [{ type: "text", text: o.text }];
      if (o.call) content.push({ type: "toolCall", id: `call${n}`, name: "bash", arguments: { command: o.text } });
      msg({ role: "assistant", content, api: "openai-completions", provider: "sim", model: "m", usage: emptyUsage(), stopReason: "stop" });
    } else if (o.k === "toolResult") {
      msg({ role: "toolResult", toolCallId: `call${n}`, toolName: "bash", content: [{ type: "text", text: o.text }], isError: false });
    } else if (o.k === "compaction") {
      const path = pathOf(leaf);
      entry("compaction", { summary: o.summary, firstKeptEntryId: path[o.pick % (path.length || 1)] ?? "none", tokensBefore: 1000 });
    } else if (o.k === "branch_summary") entry("branch_summary", { fromId: ids.at(-1) ?? "none", summary: o.summary });
    else if (o.k === "custom") entry("custom", { customType: "x", data: { n } });
    else if (o.k === "custom_message") entry("custom_message", { customType: "x", content: o.text, display: true });
    else if (o.k === "label") entry("label", { targetId: ids[o.pick % (ids.length || 1)] ?? "none", label: o.label });
    else if (o.k === "model_change") entry("model_change", { provider: "sim", modelId: `m${n}` });
    else if (o.k === "session_info") entry("session_info", { name: o.name });
    else if (o.k === "branch") leaf = ids.length > 0 ? ids[o.pick % ids.length] : null;
    else if (o.k === "garbage") lines.push(o.line.replace(/[\r\n]/g, " "));
    else if (o.k === "dup" && ids.length > 0) {
      const id = ids[o.pick % ids.length];
      lines.push(JSON.stringify({ type: "custom", id, parentId: leaf, timestamp: new Date(0).toISOString(), customType: "x", data: {} }));
    } else if (o.k === "orphan") {
      const saved = leaf;
      leaf = o.later ? idOf(s.idPrefix, n + 1) : "zzzzzzzz";
      msg({ role: "toolResult", toolCallId: "c", toolName: "bash", content: [{ type: "text", text: "x" }], isError: false });
      parents.set(ids[ids.length - 1], saved);
    } else entry("label", {}); // a label without a target: not a valid entry
  }
  let body = `${lines.join("\n")}\n`;
  if (s.tear !== undefined && lines.length > 1) {
    const last = lines.at(-1) ?? "";
    body = `${lines.slice(0, -1).join("\n")}\n${last.slice(0, Math.floor(last.length * s.tear))}`;
  }
  return body;
}

/** What the full decode gives: the tree as an in-memory session holds it, and the problems' lines. */
function fullDecode(file: string) {
  const reports: string[] = [];
  const { entries } = loadSessionFile(file, (m) => reports.push(m));
  const tree = new EntryTree(undefined);
  for (const e of entries) {
    const node = indexNode(e, { line: -1, offset: -1, length: 0 });
    node.entry = e;
    tree.add(node);
  }
  const lines = reports.map((r) => Number(/line (\d+)/.exec(r)?.[1])).sort((a, b) => a - b);
  return { tree, lines };
}

function contextOf(tree: EntryTree, leaf: string | null) {
  const path = tree.pathNodes(leaf).map((n) => n.entry as SessionEntry);
  return { messages: contextMessages(path, path), ...pathSettings(path), path };
}

/** Opens the file `s` describes both ways and compares everything a session shows. */
function agrees(s: Shape, pick: number, name: string): void {
  const file = join(dir, name);
  writeFileSync(file, write(s));
  const want = fullDecode(file);
  const session = Session.open(file, () => {});
  const links = (t: EntryTree) => t.order.map((n) => [n.id, n.parentId, n.type, n.role, n.preview, n.timestamp]);
  expect(links(session.tree)).toEqual(links(want.tree));
  expect(session.leafId).toBe(want.tree.leafId);
  expect([...session.tree.labels]).toEqual([...want.tree.labels]);
  expect(session.name).toBe(want.tree.name);
  expect(session.tree.tree()).toEqual(want.tree.tree());
  expect(session.problems.map((p) => p.line)).toEqual(want.lines);
  const other = want.tree.order[pick % (want.tree.order.length || 1)]?.id ?? null;
  for (const leaf of [session.leafId, other]) {
    const ref = contextOf(want.tree, leaf);
    const got = session.context(leaf);
    expect(got.messages).toEqual(ref.messages);
    expect({ model: got.model, thinkingLevel: got.thinkingLevel }).toEqual({ model: ref.model, thinkingLevel: ref.thinkingLevel });
    expect(session.pathEntries(leaf)).toEqual(ref.path);
  }
  // Reading every entry back (exports, /tree) changes nothing either.
  expect(session.tree.all()).toEqual(want.tree.order.map((n) => n.entry));
  expect(links(session.tree)).toEqual(links(want.tree));
}

describe("the quick index agrees with a full decode", () => {
  it("tree, leaf, labels, name, problems and context, at the leaf and at another entry", () => {
    let i = 0;
    fc.assert(
      fc.property(shape, fc.nat(), (s, pick) => agrees(s, pick, `s${i++}.jsonl`)),
      { numRuns: 150 },
    );
  });

  it("a torn last line whose cut falls just after a `}` is not indexed from its first bytes", () => {
    // found by the property: the cut leaves `…"content":[{"type":"text","text":""}`
    const ops: Op[] = [
      { k: "compaction", pick: 0, summary: "" },
      { k: "assistant", text: "", call: false },
    ];
    const s: Shape = { ops, idPrefix: "", stampStyle: "empty", reorder: [], crlf: [], blank: [], tear: 0.36533333333333334 };
    agrees(s, 0, "torn-brace.jsonl");
  });
});
