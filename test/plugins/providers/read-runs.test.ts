// The per-read shortcuts of decoding held to the plain reading: the SSE parser (no string per
// line, StringDecoder, event-type reuse) against a line-by-line reading of the WHATWG rules over
// generated streams split at random, and the assembler's delta runs (one event per read and
// block) against the text the deltas carry.
import { describe, expect, it } from "vitest";
import type { AssistantMessageEvent, Model } from "pi-kernel";
import { MessageAssembler, type SseEvent } from "../../../lib/provider-kit/index.js";
import { parseInReads } from "./apis.js";

/** The event stream rules read the obvious way: split into lines, then field by field. */
function reference(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  let data: string[] = [];
  let type = "";
  let id: string | undefined;
  const dispatch = () => {
    if (data.length > 0) events.push({ event: type || "message", data: data.join("\n"), ...(id !== undefined ? { id } : {}) });
    data = [];
    type = "";
  };
  for (const line of text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/)) {
    if (line === "") dispatch();
    else if (!line.startsWith(":")) {
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "data") data.push(value);
      else if (field === "event") type = value;
      else if (field === "id" && !value.includes("\0")) id = value;
    }
  }
  dispatch(); // lenient end: a last event without its blank line counts
  return events;
}

const LINES = [
  "data: plain",
  "data:no space",
  "data:  two spaces",
  "data",
  "data:",
  "event: content_block_delta",
  "event:ping",
  "event",
  "id: 7",
  "id",
  "retry: 100",
  ": keep-alive",
  "unknown field",
  "datax: not data",
  'data: {"text":"Grüße 👋 日本"}',
  "data: a:b:c",
  "",
  "",
];
const ENDINGS = ["\n", "\r\n", "\r"];

function randomStream(seed: number): string {
  let x = seed;
  const next = (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  const parts = seed % 3 === 0 ? ["\uFEFF"] : [];
  for (let i = 0; i < 60; i++) parts.push(LINES[next(LINES.length)] + ENDINGS[next(ENDINGS.length)]);
  return parts.join("");
}

const parse = parseInReads;

describe("SseParser", () => {
  it("reads generated streams as the line-by-line rules do, however they are split", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const text = randomStream(seed);
      const bytes = Buffer.from(text, "utf8");
      const want = reference(text);
      const cuts = [...new Set([seed % bytes.length, (seed * 7) % bytes.length, (seed * 31) % bytes.length])].sort((a, b) => a - b);
      expect(parse(bytes, cuts), `seed ${seed}`).toEqual(want);
      expect(parse(bytes, []), `seed ${seed}, one read`).toEqual(want);
    }
  });

  it("keeps a character split across reads whole", () => {
    const bytes = Buffer.from("data: 👋\n\n");
    for (let cut = 0; cut <= bytes.length; cut++) expect(parse(bytes, [cut])).toEqual([{ event: "message", data: "👋" }]);
  });
});

const model: Model = {
  id: "m",
  name: "m",
  api: "x",
  provider: "p",
  baseUrl: "",
  reasoning: true,
  input: ["text"],
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  contextWindow: 1000,
  maxTokens: 100,
};

const deltas = (events: AssistantMessageEvent[]) =>
  events.flatMap((e) => (e.type === "text_delta" || e.type === "thinking_delta" ? [`${e.type}:${e.delta}`] : []));

describe("MessageAssembler delta runs", () => {
  it("joins a read's deltas of one block into its first event, and the block gets their text", () => {
    const out = new MessageAssembler(model);
    const events = [...out.text("a"), ...out.text("b"), ...out.text("c")];
    out.settle();
    expect(deltas(events)).toEqual(["text_delta:abc"]);
    const next = [...out.text("d"), ...out.thinking("t1"), ...out.thinking("t2"), ...out.text("e")];
    out.settle();
    expect(deltas(next)).toEqual(["text_delta:d", "thinking_delta:t1t2", "text_delta:e"]);
    const done = out.done("stop");
    expect(out.message.content).toEqual([
      { type: "text", text: "abcd" },
      { type: "thinking", thinking: "t1t2" },
      { type: "text", text: "e" },
    ]);
    expect(done.find((e) => e.type === "text_end")).toMatchObject({ content: "e" });
  });

  it("shows a wire the open block's text so far, mid-read", () => {
    const out = new MessageAssembler(model);
    const events = [...out.text("a"), ...out.text("b")];
    expect(out.current()).toEqual({ type: "text", text: "ab" });
    events.push(...out.text("c"));
    out.settle();
    expect(deltas(events)).toEqual(["text_delta:ab", "text_delta:c"]);
    expect(out.message.content).toEqual([{ type: "text", text: "abc" }]);
  });

  it("keeps a failed read's text in the partial message", () => {
    const out = new MessageAssembler(model);
    out.text("par");
    out.text("tial");
    const failed = out.fail("error", "cut");
    expect(failed.type === "error" && failed.error.content).toEqual([{ type: "text", text: "partial" }]);
  });
});
