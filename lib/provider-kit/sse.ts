// A server-sent events parser fed raw bytes. Network reads split the stream anywhere: inside a
// UTF-8 character, inside a line, or between the `\r` and `\n` of a CRLF, so all state carries
// over between pushes. Follows the WHATWG event-stream rules, plus leniency at end of input.
import { StringDecoder } from "node:string_decoder";
import { type Frames, framesOf, matchRun } from "./repeat-frames.js";
import type { Repeat } from "./repeats.js";
import { lineEnd, MAX_CUT, SLICE, sliceEnd, unsliced } from "./sse-slices.js";

export interface SseEvent {
  /** The `event:` field, "message" when absent. */
  event: string;
  /** The data; for a run of repeats (below), the first one's. */
  data: string;
  id?: string;
  /** Set when this event stands for a run of frames of the shape the decoder expects (repeats.ts). */
  repeat?: Repeat;
  /** With `repeat`: the run's texts, joined. */
  text?: string;
}

const LF = 10;
const COLON = 0x3a;
const SPACE = 0x20;

export class SseParser {
  // StringDecoder rather than TextDecoder: on Node 20 it decodes about six times faster, and a long
  // answer is tens of megabytes of SSE. Both keep a character split across reads for the next one.
  private readonly decoder = new StringDecoder("utf8");
  /** Nothing decoded yet: a leading byte order mark is dropped (as TextDecoder and the SSE spec do). */
  private first = true;
  private buffer = "";
  /** Reads that continued `buffer`'s line without ending it, not yet joined to it. */
  private pieces: string[] = [];
  /** The previous push ended with `\r`; a `\n` starting the next push belongs to it. */
  private skipLeadingLf = false;
  /** The event's data lines so far, joined by `\n` (`hasData` tells an empty line from none). */
  private data = "";
  private hasData = false;
  private eventType = "";
  private lastId: string | undefined;
  /** Where the next `:` is in the text being consumed (-1: none left), so lines without one stay linear. */
  private colon = -1;
  /** The line ending of the last blank line: repeated frames are matched with it. */
  private eol = "\n";
  private repeat: Repeat | undefined;
  /** The repeat's frames, as a sticky expression, and the line ending it was made for. */
  private frames: Frames | undefined;

  /** A repeat offered once: it takes over when offered again (see `expect`). */
  private candidate: Repeat | undefined;
  /** Offers since the last run, and offers declined since. */
  private offers = 0;
  private declined = 0;

  /**
   * Whether a decoder should build a repeat for its event now. A stream whose events never repeat
   * (a counter or padding the decoder cannot ignore) would pay for building one per event: after
   * 64 offers without a run, only one event in 64 is offered.
   */
  wants(): boolean {
    if (this.offers < 64) {
      this.offers++;
      return true;
    }
    return ++this.declined % 64 === 0;
  }

  /**
   * Frames of this shape may come as one event per run from now on (repeats.ts); undefined: none.
   * A new shape takes over only once two events in a row had it: a stream whose every event
   * differs (a usage counter in each) would otherwise compile an expression per event.
   */
  expect(repeat: Repeat | undefined): void {
    if (repeat === undefined || sameRepeat(repeat, this.repeat)) {
      this.repeat = repeat;
      this.candidate = undefined;
      if (repeat === undefined) this.frames = undefined;
    } else if (sameRepeat(repeat, this.candidate)) {
      this.repeat = repeat;
      this.candidate = undefined;
      this.frames = undefined;
    } else this.candidate = repeat;
  }

  /**
   * Where the next push of `bytes` (from `at`) should end: the whole read, or, while no repeat is
   * expected and a decoder may still offer one, the first slice of it. A fast stream's read holds
   * thousands of frames; cut like this, its first slice's events reach the decoder (which offers
   * the repeat) before the rest is parsed, and the rest is matched as runs instead of frame by
   * frame (the first 1 MiB read of a responses-API stream was ~4,000 events on the slow path).
   */
  nextCut(bytes: Uint8Array, at: number): number {
    if (this.repeat || this.offers >= 64 || bytes.length - at <= SLICE || !Buffer.isBuffer(bytes) || this.inLongLine()) return bytes.length;
    return sliceEnd(bytes, at, this.eol, this.buffer !== "" || this.pieces.length > 0);
  }

  /** Feeds bytes; returns the events they complete. */
  push(bytes: Uint8Array): SseEvent[] {
    if (bytes.length <= SLICE && this.buffer === "") return this.consume(this.decode(bytes), false);
    if (!Buffer.isBuffer(bytes)) bytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const events: SseEvent[] = [];
    for (let at = 0; at < bytes.length; ) {
      let end: number;
      if (this.inLongLine()) {
        end = lineEnd(bytes as Buffer, at);
        // The line's bytes before its last slice are decoded SLICE at a time: a string over ~128 KiB
        // would be a large object, in fresh memory of its own.
        for (const last = end < 0 ? bytes.length : end - SLICE; at < last; at = Math.min(at + SLICE, last))
          this.pieces.push(this.decode(bytes.subarray(at, Math.min(at + SLICE, last))));
        if (end < 0) break;
      } else end = sliceEnd(bytes as Buffer, at, this.eol, this.buffer !== "" || this.pieces.length > 0);
      for (const event of this.consume(this.decode(bytes.subarray(at, end)), false)) events.push(event);
      at = end;
    }
    return events;
  }

  /**
   * Inside a line longer than any frame (a final response object, or the answer's whole text
   * again, can be megabytes): its bytes are searched for the line's end natively (Buffer's memchr)
   * and decoded as one piece a read, instead of 32 KiB slices each decoded and searched for a line
   * break (~8 ms a megabyte, four such events end a responses-API answer).
   */
  private inLongLine(): boolean {
    return this.pieces.length > 0 || this.buffer.length >= MAX_CUT;
  }

  /** Flushes at end of input: a last line or event without its blank line still counts. */
  end(): SseEvent[] {
    const events = this.consume(this.decode(), true);
    this.dispatch(events);
    return events;
  }

  /** The text of `bytes`, or at the end (no bytes) what remains of a cut character. */
  private decode(bytes?: Uint8Array): string {
    let text = bytes ? this.decoder.write(bytes as Buffer) : this.decoder.end();
    if (this.first && text.length > 0) {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    return text;
  }

  private consume(text: string, final: boolean): SseEvent[] {
    if (this.skipLeadingLf && text.length > 0) {
      if (text.charCodeAt(0) === LF) text = text.slice(1);
      this.skipLeadingLf = false;
    }
    if (!final && this.buffer && !text.includes("\n") && !text.includes("\r")) {
      // Still inside one long line (a final response object can be megabytes): gather its pieces
      // and join them once, not once per read (quadratic, and each copy a large object for V8).
      this.pieces.push(text);
      return [];
    }
    const buffer = this.pieces.length > 0 ? this.gathered(text) : this.buffer ? this.buffer + text : text;
    const events: SseEvent[] = [];
    // indexOf rather than a regex, and no string per line: this loop runs once per line of every
    // streamed answer.
    let start = this.repeat && this.between() ? this.repeated(buffer, 0, events) : 0;
    if (this.repeat && !final && this.cutFrame(buffer, start)) return this.keep(buffer, start, events);
    let lf = buffer.indexOf("\n", start);
    let cr = buffer.indexOf("\r", start);
    this.colon = buffer.indexOf(":", start);
    while (lf !== -1 || cr !== -1) {
      let end: number;
      let next: number;
      if (cr === -1 || (lf !== -1 && lf < cr)) {
        end = lf;
        next = lf + 1;
      } else {
        end = cr;
        next = cr + 1;
        if (next === buffer.length)
          this.skipLeadingLf = true; // maybe the first half of a CRLF
        else if (buffer.charCodeAt(next) === LF) next++;
      }
      if (start === end) this.eol = next - end === 2 ? "\r\n" : buffer[end];
      this.line(buffer, start, end, events);
      start = next;
      if (this.repeat && this.between() && start < buffer.length) {
        start = this.repeated(buffer, start, events);
        if (!final && this.cutFrame(buffer, start)) return this.keep(buffer, start, events);
      }
      if (lf !== -1 && lf < start) lf = buffer.indexOf("\n", start);
      if (cr !== -1 && cr < start) cr = buffer.indexOf("\r", start);
    }
    // The rest (a cut frame) waits for the next read: a copy, not keeping the whole piece alive.
    this.buffer = start === 0 ? buffer : unsliced(buffer.slice(start));
    if (final && this.buffer.length > 0) {
      this.colon = this.buffer.indexOf(":");
      this.line(this.buffer, 0, this.buffer.length, events);
      this.buffer = "";
    }
    return events;
  }

  /**
   * Whether what is left from `start` on is one frame cut by the read (no blank line in it yet).
   * Its lines wait for the rest: read now, an `event:` line would start an event that only the
   * slow path can finish, though the whole frame may well be a repeat.
   */
  private cutFrame(buffer: string, start: number): boolean {
    const left = buffer.length - start;
    return this.between() && left > 0 && left < MAX_CUT && buffer.indexOf(this.eol + this.eol, start) < 0;
  }

  private keep(buffer: string, start: number, events: SseEvent[]): SseEvent[] {
    this.buffer = unsliced(buffer.slice(start));
    return events;
  }

  /** `buffer`, the pieces of its unfinished line and `text`, joined in one copy (the pieces forgotten). */
  private gathered(text: string): string {
    const pieces = this.pieces;
    this.pieces = [];
    pieces.unshift(this.buffer);
    pieces.push(text);
    return pieces.join("");
  }

  /** At a line start with no event under way (where a repeated frame may begin). */
  private between(): boolean {
    return !this.hasData && this.eventType === "" && !this.skipLeadingLf;
  }

  /**
   * The whole frames of the expected repeat from `start` on, as one event carrying their texts
   * joined; returns where they end (`start` when none is there).
   */
  private repeated(buffer: string, start: number, events: SseEvent[]): number {
    const frames = this.framesFor(this.repeat as Repeat);
    const texts: string[] = [];
    const run = matchRun(frames, buffer, start, texts);
    if (run === undefined) return start;
    const [end, firstEnd] = run;
    this.offers = 0;
    // A copy, not a slice: a slice would keep the whole decoded piece (32 KiB) alive as long as the event.
    const data = unsliced(buffer.slice(start + frames.dataAt, firstEnd - 2 * frames.eol.length));
    const event: SseEvent = { event: this.repeat?.event as string, data, repeat: this.repeat, text: texts.join("") };
    if (this.lastId !== undefined) event.id = this.lastId;
    events.push(event);
    return end;
  }

  private framesFor(repeat: Repeat): Frames {
    if (this.frames?.eol !== this.eol) this.frames = framesOf(repeat, this.eol);
    return this.frames;
  }

  /** The line `text[start, end)`. */
  private line(text: string, start: number, end: number, events: SseEvent[]): void {
    if (start === end) return this.dispatch(events);
    if (text.charCodeAt(start) === COLON) return; // a comment, often used as a keep-alive
    if (this.colon !== -1 && this.colon < start) this.colon = text.indexOf(":", start);
    const colon = this.colon !== -1 && this.colon < end ? this.colon : end;
    let from = colon < end ? colon + 1 : end;
    if (from < end && text.charCodeAt(from) === SPACE) from++;
    const field = colon - start;
    // Field names by character: startsWith costs more than these few compares on every line.
    if (field === 4 && isData(text, start)) {
      const value = text.slice(from, end);
      this.data = this.hasData ? `${this.data}\n${value}` : value;
      this.hasData = true;
    } else if (field === 5 && isEvent(text, start)) {
      this.eventType = text.slice(from, end);
    } else if (field === 2 && text.startsWith("id", start)) {
      const value = text.slice(from, end);
      if (!value.includes("\0")) this.lastId = value;
    }
    // `retry` and unknown fields do not matter to an API client.
  }

  private dispatch(events: SseEvent[]): void {
    if (this.hasData) {
      const event: SseEvent = { event: this.eventType || "message", data: this.data };
      if (this.lastId !== undefined) event.id = this.lastId;
      events.push(event);
    }
    this.data = "";
    this.hasData = false;
    this.eventType = "";
  }
}

const sameRepeat = (a: Repeat, b: Repeat | undefined) => a.source === b?.source && a.event === b.event && a.kind === b.kind;

const isData = (t: string, at: number) =>
  t.charCodeAt(at) === 0x64 && t.charCodeAt(at + 1) === 0x61 && t.charCodeAt(at + 2) === 0x74 && t.charCodeAt(at + 3) === 0x61;

const isEvent = (t: string, at: number) =>
  t.charCodeAt(at) === 0x65 &&
  t.charCodeAt(at + 1) === 0x76 &&
  t.charCodeAt(at + 2) === 0x65 &&
  t.charCodeAt(at + 3) === 0x6e &&
  t.charCodeAt(at + 4) === 0x74;
