// Runs of SSE events that repeat one another but for their text. A long answer is one event per
// token, and the events of one stream are byte for byte the same but for the token (and, on some
// APIs, a counter or a random padding string): splitting each into lines, making an event object,
// matching or parsing its JSON and handing it to the decoder was ~2 µs a token, most of the CPU of
// a fast 200,000-token stream. A decoder that has read an event whose only effect was one piece
// of text describes it as a `Repeat` (the event's data with its text, and any members it ignores,
// as holes); the SSE parser then matches whole frames of that shape in the network read with one
// compiled regular expression, and hands the decoder one event for the run, with its texts joined.
//
// Nothing is read differently: the data must hold no backslash (so every string in it is literal
// and a `"key":` in it is a member name), each hole's member must occur exactly once, and a frame
// is taken only when its bytes are the template's but for plain text (no quote, backslash or
// control character) in the holes. Such a frame is the same JSON as the template with other
// strings in the holes; the decoder vouches that its effect is then the same with the new text.
// Anything else (an escape in the text, another member, a cut frame) goes through the parser and
// the decoder's full path as before.
import { PLAIN_CHAR } from "./plain-json.js";
import type { SseEvent } from "./sse.js";

/** The shape of a repeated event, from `repeatOf`. */
export interface Repeat {
  /** The event type (`event:` field) of the repeated events. */
  readonly event: string;
  /** A regular expression's source matching the event's data, with one capture: its text. */
  readonly source: string;
  /** The decoder's own tag for what the text is (answer text, thinking, ...). */
  readonly kind: string;
  /** The data before and after its text, when it has no other hole (a run is then one match). */
  readonly layout?: { before: string; after: string };
  /** With other holes (a counter, padding): the literal parts around the holes, in order. */
  readonly parts?: { literals: string[]; holes: HoleKind[] };
}

/** What fills a hole: the text, an unsigned counter or a plain string (padding). */
export type HoleKind = "text" | "number" | "string";

/** A member of the data the decoder ignores: its value may change from event to event. */
export interface IgnoredMember {
  key: string;
  type: "string" | "number";
}

/** Where the parser hands repeats over: `sseBatches`' batches take a decoder's `expect`. */
export interface RepeatSink {
  /** From now on, frames of this shape may arrive as one event for a run (undefined: none). */
  expect(repeat: Repeat | undefined): void;
  /** Whether a new repeat is worth building now (false while offers keep failing: see sse.ts). */
  wants(): boolean;
}

const BACKSLASH = "\\";
const SPACE = 0x20;
const QUOTE = 0x22;
export const UNSIGNED = String.raw`(?:0|[1-9]\d*)`;
const UNSIGNED_VALUE = new RegExp(`^${UNSIGNED}`);
const PLAIN_VALUE = new RegExp(`^${PLAIN_CHAR}*$`);

interface Hole {
  from: number;
  to: number;
  pattern: string;
  kind: HoleKind;
}

/**
 * The repeat of `event`, whose data holds `text` as the string value of its only member named
 * `key` (its only effect for the decoder), with `ignored` members that may differ from event to
 * event; undefined when the event cannot be a template (see above).
 */
export function repeatOf(
  event: SseEvent,
  key: string,
  text: string,
  kind: string,
  ignored: readonly IgnoredMember[] = [],
): Repeat | undefined {
  const data = event.data;
  // One data line (a frame of several could not be matched as one), every string literal.
  if (data.includes(BACKSLASH) || data.includes("\n") || data.includes("\r") || !PLAIN_VALUE.test(text)) return undefined;
  const holes: Hole[] = [];
  const textAt = valueAt(data, key);
  if (textAt === undefined || !data.startsWith(`"${text}"`, textAt)) return undefined;
  holes.push({ from: textAt + 1, to: textAt + 1 + text.length, pattern: `(${PLAIN_CHAR}*)`, kind: "text" });
  for (const member of ignored) {
    const at = valueAt(data, member.key);
    if (at === undefined) continue; // absent here: then it must stay absent
    const hole = member.type === "number" ? numberHole(data, at) : stringHole(data, at);
    if (!hole) return undefined;
    holes.push(hole);
  }
  holes.sort((a, b) => a.from - b.from);
  let source = "";
  let at = 0;
  const literals: string[] = [];
  for (const hole of holes) {
    literals.push(data.slice(at, hole.from));
    source += literalPattern(data.slice(at, hole.from)) + hole.pattern;
    at = hole.to;
  }
  literals.push(data.slice(at));
  const repeat: Repeat = { event: event.event, source: source + literalPattern(data.slice(at)), kind };
  if (holes.length > 1) return { ...repeat, parts: { literals, holes: holes.map((hole) => hole.kind) } };
  return { ...repeat, layout: { before: literals[0], after: literals[1] } };
}

/** Where the value of the only member named `key` starts (after `"key":` and one optional space). */
function valueAt(data: string, key: string): number | undefined {
  const name = `"${key}":`;
  const at = data.indexOf(name);
  if (at < 0 || data.indexOf(name, at + 1) >= 0) return undefined;
  const from = at + name.length;
  return data.charCodeAt(from) === SPACE ? from + 1 : from;
}

function numberHole(data: string, from: number): Hole | undefined {
  const digits = UNSIGNED_VALUE.exec(data.slice(from, from + 20))?.[0];
  const next = digits === undefined ? -1 : data.charCodeAt(from + digits.length);
  // A fraction or an exponent would follow a number hole's digits: not a counter.
  if (digits === undefined || next === 0x2e || next === 0x65 || next === 0x45) return undefined;
  return { from, to: from + digits.length, pattern: UNSIGNED, kind: "number" };
}

function stringHole(data: string, from: number): Hole | undefined {
  if (data.charCodeAt(from) !== QUOTE) return undefined;
  const end = data.indexOf('"', from + 1);
  return end < 0 ? undefined : { from: from + 1, to: end, pattern: `${PLAIN_CHAR}*`, kind: "string" };
}

/** `literal` as a regular expression's source that matches it. */
export const literalPattern = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Tells `batches` a decoder's repeat, when they come from the SSE parser (tests may feed plain lists). */
export function expectRepeat(batches: unknown, repeat: Repeat | undefined): void {
  (batches as Partial<RepeatSink>).expect?.(repeat);
}

/** `expectRepeat` of the repeat `build` makes, built only when the parser wants one. */
export function offerRepeat(batches: unknown, build: () => Repeat | undefined): void {
  const sink = batches as Partial<RepeatSink>;
  if (!sink.expect || sink.wants?.() === false) return;
  const repeat = build();
  if (repeat) sink.expect(repeat);
}
