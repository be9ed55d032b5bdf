// A server-sent events parser fed raw bytes. Network reads split the stream anywhere: inside a
// UTF-8 character, inside a line, or between the `\r` and `\n` of a CRLF, so all state carries
// over between pushes. Follows the WHATWG event-stream rules, plus leniency at end of input.

export interface SseEvent {
  /** The `event:` field, "message" when absent. */
  event: string;
  data: string;
  id?: string;
}

const LINE_BREAK = /\r\n|\r|\n/g;

export class SseParser {
  private readonly decoder = new TextDecoder("utf-8");
  private buffer = "";
  /** The previous push ended with `\r`; a `\n` starting the next push belongs to it. */
  private skipLeadingLf = false;
  private data: string[] = [];
  private eventType = "";
  private lastId: string | undefined;

  /** Feeds bytes; returns the events they complete. */
  push(bytes: Uint8Array): SseEvent[] {
    return this.consume(this.decoder.decode(bytes, { stream: true }), false);
  }

  /** Flushes at end of input: a last line or event without its blank line still counts. */
  end(): SseEvent[] {
    const events = this.consume(this.decoder.decode(), true);
    this.dispatch(events);
    return events;
  }

  private consume(text: string, final: boolean): SseEvent[] {
    if (this.skipLeadingLf && text.length > 0) {
      if (text.startsWith("\n")) text = text.slice(1);
      this.skipLeadingLf = false;
    }
    this.buffer += text;
    const events: SseEvent[] = [];
    let start = 0;
    LINE_BREAK.lastIndex = 0;
    for (let m = LINE_BREAK.exec(this.buffer); m; m = LINE_BREAK.exec(this.buffer)) {
      // A lone `\r` at the very end may be the first half of a CRLF still in flight.
      if (m[0] === "\r" && m.index === this.buffer.length - 1) this.skipLeadingLf = true;
      this.line(this.buffer.slice(start, m.index), events);
      start = m.index + m[0].length;
    }
    this.buffer = this.buffer.slice(start);
    if (final && this.buffer.length > 0) {
      this.line(this.buffer, events);
      this.buffer = "";
    }
    return events;
  }

  private line(line: string, events: SseEvent[]): void {
    if (line === "") return this.dispatch(events);
    if (line.startsWith(":")) return; // a comment, often used as a keep-alive
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.data.push(value);
    else if (field === "event") this.eventType = value;
    else if (field === "id" && !value.includes("\0")) this.lastId = value;
    // `retry` and unknown fields do not matter to an API client.
  }

  private dispatch(events: SseEvent[]): void {
    if (this.data.length > 0) {
      const event: SseEvent = { event: this.eventType || "message", data: this.data.join("\n") };
      if (this.lastId !== undefined) event.id = this.lastId;
      events.push(event);
    }
    this.data = [];
    this.eventType = "";
  }
}
