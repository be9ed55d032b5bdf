// Runs of repeated events (lib/provider-kit/repeats.ts): the SSE parser takes whole frames that
// repeat a decoder's template but for their text, and hands the decoder one event per run. On any
// stream, however its bytes are split, every wire format must read exactly what it reads without
// that path (each event through the parser's lines and the decoder's JSON.parse or plain-shape
// match). Generated streams: the simulator's full-size frames of a turn with thinking and text of
// hostile characters (quotes, backslashes, control characters, astral emoji: escapes in JSON),
// some frames changed (a member added or changed, a counter moved, spaces after the colons), CRLF
// or LF line endings, cut anywhere.
import fc from "fast-check";
import type { AssistantMessage, AssistantMessageEvent } from "pi-kernel";
import { describe, expect, it } from "vitest";
import { MessageAssembler, type SseEvent, sseBatches, type Wire } from "../../../lib/provider-kit/index.js";
import { anthropicWire } from "../../../plugins/provider-anthropic/stream.js";
import { geminiWire } from "../../../plugins/provider-google/stream.js";
import { chatCompletionsWire } from "../../../plugins/provider-openai-completions/stream.js";
import { responsesWire } from "../../../plugins/provider-openai-responses/stream.js";
import {
  anthropicFrames,
  type Frames,
  geminiFrames,
  normalizeTurn,
  openaiFrames,
  responsesFrames,
} from "../../support/simulator/formats.mjs";
import { decoderModel } from "./apis.js";

const WIRES: { api: string; wire: Wire; frames: Frames; path: string }[] = [
  { api: "openai-completions", wire: chatCompletionsWire, frames: openaiFrames, path: "/v1/chat/completions" },
  { api: "anthropic-messages", wire: anthropicWire, frames: anthropicFrames, path: "/v1/messages" },
  { api: "openai-responses", wire: responsesWire, frames: responsesFrames, path: "/v1/responses" },
  { api: "google-generative-ai", wire: geminiWire, frames: geminiFrames, path: "/v1beta/models/m:streamGenerateContent" },
];

interface Reading {
  message: AssistantMessage;
  /** Each block's deltas joined, and the event types with deltas collapsed (a read merges them). */
  deltas: Record<number, string>;
  types: string[];
}

/** Runs the fast readings took, over a property's streams: the path under test must be taken. */
let runsSeen = 0;

async function read(wire: Wire, api: string, bytes: Buffer, cuts: number[], repeats: boolean): Promise<Reading> {
  const model = decoderModel(api);
  const out = new MessageAssembler(model);
  async function* pieces() {
    let from = 0;
    for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
      yield bytes.subarray(from, cut);
      from = cut;
    }
    yield bytes.subarray(from);
  }
  const batches = sseBatches(pieces());
  let runs = 0;
  async function* counted(): AsyncGenerator<Iterable<SseEvent>> {
    for await (const batch of batches) {
      const list = [...batch];
      runs += list.filter((e) => e.repeat).length;
      yield list;
    }
  }
  // Without `expect`, the decoder's repeats reach nobody: every event takes the usual path.
  const source = repeats ? Object.assign(counted(), { expect: batches.expect }) : counted();
  const deltas: Record<number, string> = {};
  const types: string[] = [];
  const events: AsyncIterable<AssistantMessageEvent> = wire.decode(source, out, model);
  try {
    for await (const e of events) {
      if (e.type === "text_delta" || e.type === "thinking_delta" || e.type === "toolcall_delta") {
        deltas[e.contentIndex] = (deltas[e.contentIndex] ?? "") + e.delta;
        if (types.at(-1) !== e.type) types.push(e.type);
      } else types.push(e.type);
    }
  } catch (error) {
    types.push(`threw ${(error as Error).message}`);
  }
  runsSeen += runs;
  return { message: { ...structuredClone(out.message), timestamp: 0 }, deltas, types };
}

// Text with what JSON must escape (quote, backslash, control characters), non-ASCII and emoji.
const text = fc.string({ unit: fc.constantFrom("w", "o", "r", "d", " ", '"', "\\", "\n", "\u0001", "/", "é", "😀"), maxLength: 40 });

/** A change to one frame's JSON (0: none). */
const change = fc.tuple(fc.nat({ max: 6 }), fc.string({ unit: fc.constantFrom("a", "1", '"', "\\", " ", "x"), maxLength: 4 }));

function changed(frame: string, [kind, value]: [number, string]): string {
  const match = /^((?:event: [^\n]*\n)?data: )(.*)\n\n$/s.exec(frame);
  if (!match || kind === 0) return frame;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(match[2]);
  } catch {
    return frame;
  }
  if (typeof data !== "object" || data === null) return frame;
  const counters = ["sequence_number", "created", "index", "output_index"];
  if (kind === 1) data.extra = value;
  else if (kind === 2) data.obfuscation = value;
  else if (kind === 3) {
    for (const key of counters) if (typeof data[key] === "number") data[key] = (data[key] as number) + value.length + 1;
  } else if (kind === 4) data.id = `x${value}`;
  else if (kind === 5) data.usage = null;
  // kind 6: the same JSON, spaced
  const json = kind === 6 ? JSON.stringify(data, null, 1).replace(/\n */g, " ") : JSON.stringify(data);
  return `${match[1]}${json}\n\n`;
}

const streamOf = (frames: Frames, path: string) =>
  fc
    .record({
      thinking: text,
      text: fc.array(text, { minLength: 1, maxLength: 3 }).map((parts) => parts.join("word word ")),
      chunkSize: fc.integer({ min: 1, max: 6 }),
      crlf: fc.boolean(),
      changes: fc.array(change, { maxLength: 80 }),
    })
    .map(({ thinking, text, chunkSize, crlf, changes }) => {
      const turn = normalizeTurn({ text, thinking, chunkSize, fullEvents: true, usage: { input: 3, output: 5 } }, {}, () => "id");
      const body = { model: "m", stream_options: { include_usage: true } };
      const all = frames(turn, body, "resp_1", path).map((f, i) => changed(f, changes[i] ?? [0, ""]));
      const joined = all.join("");
      return Buffer.from(crlf ? joined.replace(/\n/g, "\r\n") : joined, "utf8");
    })
    .chain((bytes) => fc.tuple(fc.constant(bytes), fc.array(fc.nat({ max: bytes.length }), { minLength: 2, maxLength: 10 })));

describe("runs of repeated events read as the events one by one", () => {
  for (const { api, wire, frames, path } of WIRES) {
    it(`${api}: the same message, deltas and events with and without runs`, async () => {
      runsSeen = 0;
      await fc.assert(
        fc.asyncProperty(streamOf(frames, path), async ([bytes, cuts]) => {
          const fast = await read(wire, api, bytes, cuts, true);
          const slow = await read(wire, api, bytes, cuts, false);
          expect(fast).toEqual(slow);
        }),
        { numRuns: 150 },
      );
      expect(runsSeen).toBeGreaterThan(50);
    });
  }

  it("long answers: end-of-stream events longer than a slice (the long-line path) read the same, cut anywhere", async () => {
    // The responses API repeats the whole text in its last four events, Anthropic and Gemini not:
    // every wire, with deltas of 500-20,000 characters of hostile text (few frames, long lines).
    const longStream = (frames: Frames, path: string) =>
      fc
        .record({
          piece: text,
          times: fc.integer({ min: 200, max: 2000 }),
          chunkSize: fc.integer({ min: 500, max: 20_000 }),
          crlf: fc.boolean(),
        })
        .map(({ piece, times, chunkSize, crlf }) => {
          const long = `${piece}word `.repeat(times);
          const turn = normalizeTurn({ text: long, chunkSize, fullEvents: true, usage: { input: 3, output: 5 } }, {}, () => "id");
          const joined = frames(turn, { model: "m", stream_options: { include_usage: true } }, "resp_1", path).join("");
          return [long, Buffer.from(crlf ? joined.replace(/\n/g, "\r\n") : joined, "utf8")] as const;
        })
        .chain(([long, bytes]) =>
          fc.tuple(fc.constant(long), fc.constant(bytes), fc.array(fc.nat({ max: bytes.length }), { minLength: 1, maxLength: 8 })),
        );
    for (const { api, wire, frames, path } of WIRES) {
      await fc.assert(
        fc.asyncProperty(longStream(frames, path), async ([long, bytes, cuts]) => {
          const fast = await read(wire, api, bytes, cuts, true);
          expect(fast).toEqual(await read(wire, api, bytes, cuts, false));
          expect(fast.types.some((t) => t.startsWith("threw"))).toBe(false);
          expect(fast.message.content.map((block) => (block.type === "text" ? block.text : ""))).toEqual([long]);
        }),
        { numRuns: 25 },
      );
    }
  });

  it("a long plain answer does come as runs (the fast path is taken)", async () => {
    const turn = normalizeTurn({ text: "word ".repeat(2000), chunkSize: 5, fullEvents: true }, {}, () => "id");
    const bytes = Buffer.from(openaiFrames(turn, { model: "m" }, "resp_1", "").join(""), "utf8");
    // Network-sized reads: a read's events are parsed before the decoder sees the first of them.
    async function* reads() {
      for (let at = 0; at < bytes.length; at += 16_384) yield bytes.subarray(at, at + 16_384);
    }
    const model = decoderModel("openai-completions");
    const out = new MessageAssembler(model);
    const seen: SseEvent[] = [];
    const batches = sseBatches(reads());
    async function* watched(): AsyncGenerator<Iterable<SseEvent>> {
      for await (const batch of batches) {
        const list = [...batch];
        seen.push(...list);
        yield list;
      }
    }
    for await (const _ of chatCompletionsWire.decode(Object.assign(watched(), { expect: batches.expect }), out, model)) {
      // the message is what counts
    }
    expect(out.message.content).toEqual([{ type: "text", text: "word ".repeat(2000) }]);
    // 540 KB in 16 KiB reads: the first read's frames one by one, then a run or two a read, not
    // 2,000 events.
    expect(seen.filter((e) => e.repeat).length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(150);
  });

  it("a first read of thousands of frames: the repeat applies after its first slice (responses API)", async () => {
    const turn = normalizeTurn({ text: "word ".repeat(2000), chunkSize: 5, fullEvents: true }, {}, () => "id");
    const bytes = Buffer.from(responsesFrames(turn, { model: "m" }, "resp_1", "").join(""), "utf8");
    // One read of the whole 570 KB (a fast stream's reads reach 1 MiB between two reads of it).
    async function* oneRead() {
      yield bytes;
    }
    const model = decoderModel("openai-responses");
    const out = new MessageAssembler(model);
    const seen: SseEvent[] = [];
    const batches = sseBatches(oneRead());
    async function* watched(): AsyncGenerator<Iterable<SseEvent>> {
      for await (const batch of batches) {
        const list = [...batch];
        seen.push(...list);
        yield list;
      }
    }
    for await (const _ of responsesWire.decode(Object.assign(watched(), { expect: batches.expect }), out, model)) {
      // the message is what counts
    }
    expect(out.message.content).toEqual([{ type: "text", text: "word ".repeat(2000), textSignature: "msg_resp_1".padEnd(50, "0") }]);
    // The first 32 KiB slice's ~120 frames one by one, then runs: not 2,000 events.
    expect(seen.length).toBeLessThan(300);
  });
});
