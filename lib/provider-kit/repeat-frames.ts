// Matching a repeat's frames (repeats.ts) in a read's decoded text, for the SSE parser: the
// frame is the repeat's data on a `data:` line (after its `event:` line unless the type is the
// default), then a blank line, with the line ending the stream uses.
import { PLAIN_CHAR } from "./plain-json.js";
import { type HoleKind, literalPattern, type Repeat, UNSIGNED } from "./repeats.js";

/** A repeat's frames as the parser matches them (for the line ending it last saw). */
export interface Frames {
  /** One frame, sticky, its text captured. */
  re: RegExp;
  eol: string;
  /** Where a frame's data starts. */
  dataAt: number;
  /** Set when the frame has no hole but its text: all of a run is then matched at once. */
  fixed?: FixedFrames;
  /** Set when it has other holes whose ends its literals make plain: a run is one match, walked. */
  walked?: WalkedFrames;
}

interface WalkedFrames {
  /** Any number of whole frames, sticky. */
  run: RegExp;
  /** The literal parts' lengths: the frame's head to the first hole, between holes, the tail. */
  lengths: number[];
  /** The holes in order: whether each is a counter (digits) rather than a string (ends at a quote). */
  digits: boolean[];
  /** Which hole is the text. */
  text: number;
}

interface FixedFrames {
  /** Any number of whole frames, sticky. */
  run: RegExp;
  /** The frame's length before and after its text. */
  head: number;
  tail: number;
}

/** Where a run of frames ends, and where its first frame does; undefined: no run there. */
export type RunEnds = [end: number, firstEnd: number] | undefined;

/**
 * A run of frames of a fixed layout: one match of the whole run, then each text found by its
 * closing quote (it holds none): no match and no array per frame.
 */
function fixedRun(frames: FixedFrames, buffer: string, start: number, texts: string[]): RunEnds {
  frames.run.lastIndex = start;
  if (!frames.run.test(buffer)) return undefined;
  const end = frames.run.lastIndex;
  for (let at = start; at < end; ) {
    const from = at + frames.head;
    const to = buffer.indexOf('"', from);
    texts.push(buffer.slice(from, to));
    at = to + frames.tail;
  }
  return [end, start + frames.head + texts[0].length + frames.tail];
}

/**
 * A run of frames with holes besides their text (a counter, padding): one match of the whole run,
 * then each frame walked hole to hole (a counter ends at its last digit, a string at its closing
 * quote: the run's match has checked that the literal after it starts there). A match per frame
 * made an array and a capture per frame (~20 MB of young garbage in a 200,000-token stream).
 */
function walkedRun(frames: WalkedFrames, buffer: string, start: number, texts: string[]): RunEnds {
  frames.run.lastIndex = start;
  if (!frames.run.test(buffer)) return undefined;
  const end = frames.run.lastIndex;
  const { lengths, digits, text } = frames;
  let firstEnd = -1;
  for (let at = start; at < end; ) {
    at += lengths[0];
    for (let hole = 0; hole < digits.length; hole++) {
      let to = at;
      if (digits[hole]) while (isDigit(buffer.charCodeAt(to))) to++;
      else to = buffer.indexOf('"', at);
      if (hole === text) texts.push(buffer.slice(at, to));
      at = to + lengths[hole + 1];
    }
    if (firstEnd < 0) firstEnd = at;
  }
  return [end, firstEnd];
}

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/** A run of frames with holes whose ends the literals do not make plain: one match per frame. */
function holeyRun(re: RegExp, buffer: string, start: number, texts: string[]): RunEnds {
  re.lastIndex = start;
  let match = re.exec(buffer);
  if (match === null) return undefined;
  const firstEnd = re.lastIndex;
  let end = firstEnd;
  for (; match !== null; match = re.exec(buffer)) {
    texts.push(match[1]);
    end = re.lastIndex;
  }
  return [end, firstEnd];
}

/** The frames of `repeat` with line ending `eol`. */
export function framesOf(repeat: Repeat, eol: string): Frames {
  const source = (text: string) => literalPattern(text).replace(/\r/g, "\\r").replace(/\n/g, "\\n");
  const eventLine = repeat.event === "message" ? "" : `event: ${repeat.event}${eol}`;
  const dataAt = eventLine.length + "data: ".length;
  const re = new RegExp(`${source(`${eventLine}data: `)}${repeat.source}${source(eol + eol)}`, "y");
  if (repeat.parts) return { re, eol, dataAt, walked: walkedFrames(repeat.parts, `${eventLine}data: `, eol, source) };
  if (!repeat.layout) return { re, eol, dataAt };
  const head = `${eventLine}data: ${repeat.layout.before}`;
  const tail = `${repeat.layout.after}${eol}${eol}`;
  const run = new RegExp(`(?:${source(head)}${PLAIN_CHAR}*${source(tail)})+`, "y");
  return { re, eol, dataAt, fixed: { run, head: head.length, tail: tail.length } };
}

/**
 * The walk of frames with these parts, after `head` and before the blank line; undefined when a
 * hole's end is not plain: a counter followed by a digit, a string by anything but a quote.
 */
function walkedFrames(
  parts: { literals: string[]; holes: HoleKind[] },
  head: string,
  eol: string,
  source: (text: string) => string,
): WalkedFrames | undefined {
  const literals = parts.literals.map((literal, i) => (i === 0 ? head : "") + literal + (i === parts.holes.length ? eol + eol : ""));
  const plain = parts.holes.every((kind, i) => (kind === "number" ? !isDigit(literals[i + 1].charCodeAt(0)) : literals[i + 1][0] === '"'));
  if (!plain) return undefined;
  let frame = source(literals[0]);
  parts.holes.forEach((kind, i) => {
    frame += (kind === "number" ? UNSIGNED : `${PLAIN_CHAR}*`) + source(literals[i + 1]);
  });
  return {
    run: new RegExp(`(?:${frame})+`, "y"),
    lengths: literals.map((literal) => literal.length),
    digits: parts.holes.map((kind) => kind === "number"),
    text: parts.holes.indexOf("text"),
  };
}

/** The frames from `start` on, their texts pushed on `texts`; undefined when none is there. */
export function matchRun(frames: Frames, buffer: string, start: number, texts: string[]): RunEnds {
  if (frames.fixed) return fixedRun(frames.fixed, buffer, start, texts);
  return frames.walked ? walkedRun(frames.walked, buffer, start, texts) : holeyRun(frames.re, buffer, start, texts);
}
