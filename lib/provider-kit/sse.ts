// A server-sent events parser fed raw bytes. Network reads split the stream anywhere: inside a
// UTF-8 character, inside a line, or between the `\r` and `\n` of a CRLF, so all state carries
// over between pushes. Follows the WHATWG event-stream rules, plus leniency at end of input.
//
// It works on the bytes, not on decoded text: lines are found with Buffer.indexOf (memchr) and
// only the values an API client reads (data, event, id) become strings, one line at a time. A
// 200,000-token answer is 60 MB of SSE; decoding all of it to a string and splitting that took
// three to five times longer than this. A line never splits a UTF-8 character (CR and LF bytes
// occur in no multi-byte sequence), so decoding whole lines reads the same text as decoding the
// stream at once.

export interface SseEvent {
  /** The `event:` field, "message" when absent. */
  event: string;
  data: string;
  id?: string;
}

const LF = 10;
const CR = 13;
const COLON = 0x3a;
const SPACE = 0x20;
const EMPTY = Buffer.alloc(0);

export class SseParser {
  /** Nothing read yet: a leading byte order mark is dropped (as TextDecoder and the SSE spec do). */
  private first = true;
  /** The bytes of a line that began in an earlier push and has not ended yet. */
  private carry: Buffer[] = [];
  /** The previous push ended with `\r`; a `\n` starting the next push belongs to it. */
  private skipLeadingLf = false;
  /** The event's data lines so far, joined by `\n` (`hasData` tells an empty line from none). */
  private data = "";
  private hasData = false;
  private eventType = "";
  /** The last `event:` value, as bytes and text: most events repeat one, which then costs no string. */
  private typeBytes: Buffer = EMPTY;
  private typeText = "";
  private lastId: string | undefined;

  /** Feeds bytes; returns the events they complete. */
  push(bytes: Uint8Array): SseEvent[] {
    const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const events: SseEvent[] = [];
    const n = buf.length;
    let start = 0;
    if (this.skipLeadingLf && n > 0) {
      if (buf[0] === LF) start = 1;
      this.skipLeadingLf = false;
    }
    // indexOf over the bytes (memchr), a line end at a time; each search starts where the last
    // stopped, so a read with no CR at all is searched for one once.
    let lf = buf.indexOf(LF, start);
    let cr = buf.indexOf(CR, start);
    while (lf !== -1 || cr !== -1) {
      let end: number;
      let next: number;
      if (cr === -1 || (lf !== -1 && lf < cr)) {
        end = lf;
        next = lf + 1;
      } else {
        end = cr;
        next = cr + 1;
        if (next === n)
          this.skipLeadingLf = true; // maybe the first half of a CRLF
        else if (buf[next] === LF) next++;
      }
      if (this.carry.length > 0) this.carriedLine(buf.subarray(start, end), events);
      else this.line(buf, start, end, events);
      start = next;
      if (lf !== -1 && lf < start) lf = buf.indexOf(LF, start);
      if (cr !== -1 && cr < start) cr = buf.indexOf(CR, start);
    }
    // The start of a line that ends in a later read: copied, the caller may reuse its buffer.
    if (start < n) this.carry.push(Buffer.from(buf.subarray(start)));
    return events;
  }

  /** Flushes at end of input: a last line or event without its blank line still counts. */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
    if (this.carry.length > 0) this.carriedLine(EMPTY, events);
    this.dispatch(events);
    return events;
  }

  /** A line whose start came in earlier reads, ending with `tail`. */
  private carriedLine(tail: Buffer, events: SseEvent[]): void {
    if (tail.length > 0) this.carry.push(tail);
    const line = this.carry.length === 1 ? this.carry[0] : Buffer.concat(this.carry);
    this.carry = [];
    this.line(line, 0, line.length, events);
  }

  /** The line `buf[start, end)`. */
  private line(buf: Buffer, start: number, end: number, events: SseEvent[]): void {
    if (this.first) {
      this.first = false;
      if (end - start >= 3 && buf[start] === 0xef && buf[start + 1] === 0xbb && buf[start + 2] === 0xbf) start += 3;
    }
    if (start === end) return this.dispatch(events);
    if (buf[start] === COLON) return; // a comment, often used as a keep-alive
    // `data:` first, by bytes: it is nearly every line of a long answer.
    // Other lines are searched within themselves: indexOf could run far past a line without one.
    let colon = isData(buf, start, end) ? start + 4 : start;
    while (colon < end && buf[colon] !== COLON) colon++;
    let from = colon < end ? colon + 1 : end;
    if (from < end && buf[from] === SPACE) from++;
    const field = colon - start;
    if (field === 4 && isData(buf, start, start + 4)) {
      const value = buf.toString("utf8", from, end);
      this.data = this.hasData ? `${this.data}\n${value}` : value;
      this.hasData = true;
    } else if (field === 5 && isEvent(buf, start)) {
      this.eventType = this.typeOf(buf, from, end);
    } else if (field === 2 && buf[start] === 0x69 && buf[start + 1] === 0x64) {
      const value = buf.toString("utf8", from, end);
      if (!value.includes("\0")) this.lastId = value;
    }
    // `retry` and unknown fields do not matter to an API client.
  }

  /** The `event:` value `buf[from, end)`, reusing the last one's string when the bytes repeat it. */
  private typeOf(buf: Buffer, from: number, end: number): string {
    const known = this.typeBytes;
    if (known.length === end - from) {
      let i = 0;
      while (i < known.length && known[i] === buf[from + i]) i++;
      if (i === known.length) return this.typeText;
    }
    this.typeBytes = Buffer.from(buf.subarray(from, end));
    this.typeText = buf.toString("utf8", from, end);
    return this.typeText;
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

/** `data` at `at`, followed by a colon or the line's end (`end` may be exactly at + 4). */
const isData = (b: Buffer, at: number, end: number) =>
  end - at >= 4 &&
  b[at] === 0x64 &&
  b[at + 1] === 0x61 &&
  b[at + 2] === 0x74 &&
  b[at + 3] === 0x61 &&
  (end === at + 4 || b[at + 4] === COLON);

const isEvent = (b: Buffer, at: number) =>
  b[at] === 0x65 && b[at + 1] === 0x76 && b[at + 2] === 0x65 && b[at + 3] === 0x6e && b[at + 4] === 0x74;

/**
 * The SSE events of a response body, one batch per network read (handing them over a batch at a
 * time keeps per-event overhead low on long answers). `onBytes` runs for every read (the idle
 * watchdog uses it); a last event without its blank line is still delivered at the end.
 */
export async function* sseBatches(body: AsyncIterable<Uint8Array>, onBytes?: () => void): AsyncGenerator<Iterable<SseEvent>> {
  const parser = new SseParser();
  for await (const bytes of body) {
    onBytes?.();
    const events = parser.push(bytes);
    if (events.length > 0) yield events;
  }
  const rest = parser.end();
  if (rest.length > 0) yield rest;
}
