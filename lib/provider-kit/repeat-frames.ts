// Matching a repeat's frames (repeats.ts) in a read's decoded text, for the SSE parser: the
// frame is the repeat's data on a `data:` line (after its `event:` line unless the type is the
// default), then a blank line, with the line ending the stream uses.
import { PLAIN_CHAR } from "./plain-json.js";
import { literalPattern, type Repeat } from "./repeats.js";

/** A repeat's frames as the parser matches them (for the line ending it last saw). */
export interface Frames {
  /** One frame, sticky, its text captured. */
  re: RegExp;
  eol: string;
  /** Where a frame's data starts. */
  dataAt: number;
  /** Set when the frame has no hole but its text: all of a run is then matched at once. */
  fixed?: FixedFrames;
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

/** A run of frames with holes besides their text (a counter, padding): one match per frame. */
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
  if (!repeat.layout) return { re, eol, dataAt };
  const head = `${eventLine}data: ${repeat.layout.before}`;
  const tail = `${repeat.layout.after}${eol}${eol}`;
  const run = new RegExp(`(?:${source(head)}${PLAIN_CHAR}*${source(tail)})+`, "y");
  return { re, eol, dataAt, fixed: { run, head: head.length, tail: tail.length } };
}

/** The frames from `start` on, their texts pushed on `texts`; undefined when none is there. */
export function matchRun(frames: Frames, buffer: string, start: number, texts: string[]): RunEnds {
  return frames.fixed ? fixedRun(frames.fixed, buffer, start, texts) : holeyRun(frames.re, buffer, start, texts);
}
