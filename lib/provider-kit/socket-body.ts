// Reading a chunked response body straight from the socket. Node's HTTP client feeds every socket
// read to its parser, which hands a chunked body to JavaScript one Buffer and one stream push per
// chunk; a long answer is one chunk per token, and that path was a third of the CPU of streaming
// one. This tap sits on the request's socket: it lets the parser read the response head as
// before (status, headers, the 'response' event), keeps the body's bytes for the reader, strips
// their framing a whole read at a time (chunked.ts), and at the body's end gives the parser an
// empty last chunk, so the response completes and a keep-alive socket goes back to the pool.
//
// It takes a body only when it is plainly chunked and not compressed; any other response, or a
// socket whose bytes do not look like HTTP/1.1, goes through Node's parser untouched.
import type { ClientRequest, IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { READER, type SocketReader } from "./agents.js";
import { ChunkedDecoder } from "./chunked.js";

const HEAD_END = Buffer.from("\r\n\r\n");
/** Node refuses heads over 16 KiB; a longer one is not ours to judge. */
const MAX_HEAD = 64 * 1024;
const LAST_CHUNK = Buffer.from("0\r\n\r\n");
/**
 * Bytes held for the reader before the socket pauses. The socket keeps being read while the reader
 * works or waits (http.ts paces a fast stream): pausing it then let the kernel's buffer fill and
 * stopped the server, capping a fast stream at one socket buffer per pause. 1 MiB a batch is
 * 256 MB/s at the 4 ms pace, far above any real API, and keeps batches (and their garbage) small:
 * 4 MiB cost ~30 MB more peak RSS on a fast local stream for no speed.
 */
const MAX_QUEUED_BYTES = 1024 * 1024;
/** What one read into a batch may take at most (a socket's own buffer is 64 KiB: agents.ts). */
const REGION_BYTES = 64 * 1024;
/** Reads land in a batch only where this much of it is free; otherwise in the socket's buffer, then copied. */
const MIN_REGION_BYTES = 16 * 1024;
/**
 * A batch buffer's size: the queue's limit and a read more, so a fast stream's reads all land in
 * it. (Memory is touched only where reads land: a short answer uses the first pages.)
 */
const BATCH_BYTES = MAX_QUEUED_BYTES + REGION_BYTES;

/** The socket's emit, untyped: its typed overloads do not allow passing events on. */
type Emit = (event: string | symbol, ...args: unknown[]) => boolean;
type ReadSocket = Socket & { [READER]?: SocketReader };

export class SocketBody implements SocketReader {
  /** The body is read here: use `chunks()`, not the IncomingMessage. */
  taken = false;
  /** The response, once the parser has read its head (set by the transport). */
  res: IncomingMessage | undefined;
  private socket: Socket | undefined;
  private ownEmit: Emit | undefined;
  /** The socket's emit as it was (Node's HTTP parser listens to its 'data'). */
  private parse: Emit | undefined;
  private head: Buffer | undefined;
  private readonly decoder = new ChunkedDecoder();
  /**
   * The payload read since the reader's last batch, in `batch[0, queued)`. Two buffers take turns:
   * the reader owns the one it was handed until it asks for the next batch, meanwhile reads fill
   * the other. (A list of the reads' buffers joined by Buffer.concat was a fresh allocation, and
   * fresh memory's page faults, per batch.) The socket reads straight into `batch` at `queued`
   * (`region`), and the chunked framing is stripped there in place, so a body's bytes are never
   * copied between the kernel and the reader: copying 60 MB from the socket's buffer cost ~25 ms.
   */
  private batch: Buffer | undefined;
  private lent: Buffer | undefined;
  private queued = 0;
  private ended = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(req: ClientRequest) {
    req.once("socket", (socket) => this.attach(socket));
  }

  /**
   * The body's payload, a network read (or everything read since the last call) at a time. A batch
   * is valid until the next one is asked for (its buffer is then reused): copy what you keep.
   */
  async *chunks(): AsyncGenerator<Uint8Array> {
    while (true) {
      if (this.queued > 0) {
        const out = (this.batch as Buffer).subarray(0, this.queued);
        [this.batch, this.lent] = [this.lent, this.batch];
        this.queued = 0;
        if (!this.ended) this.socket?.resume();
        yield out;
        continue;
      }
      if (this.failure) throw this.failure;
      if (this.ended) return;
      this.socket?.resume();
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  /**
   * Where the socket's next read lands: the free end of the batch being filled, once the body is
   * ours (agents.ts asks before every read). A read that landed there is kept where it is (`keep`).
   */
  region(): Buffer | undefined {
    if (!this.taken || this.ended || this.failure) return undefined;
    if (this.batch === undefined) this.batch = Buffer.allocUnsafeSlow(BATCH_BYTES);
    const free = this.batch.length - this.queued;
    return free < MIN_REGION_BYTES ? undefined : this.batch.subarray(this.queued, this.queued + Math.min(free, REGION_BYTES));
  }

  /** A read of a socket that reads into a buffer of its own (agents.ts): `bytes` is valid only now. */
  read(bytes: Buffer): void {
    const parse = this.parse as Emit;
    if (this.taken) this.body(bytes, parse);
    // Node's parser may keep what it is given (a body it reads itself): a copy, as 'data' would be.
    else this.data(Buffer.from(bytes), parse);
  }

  private attach(socket: Socket): void {
    this.socket = socket;
    (socket as ReadSocket)[READER] = this;
    this.ownEmit = Object.hasOwn(socket, "emit") ? (socket.emit as Emit) : undefined;
    const parse = socket.emit as Emit;
    this.parse = parse;
    socket.emit = ((event: string | symbol, ...args: unknown[]) => {
      if (event === "data") return this.data(args[0] as Buffer | string, parse);
      if (this.taken && !this.ended && (event === "error" || event === "close"))
        this.fail(event === "error" ? (args[0] as Error) : new Error("aborted"));
      return parse.call(socket, event, ...args);
    }) as Socket["emit"];
  }

  /** Gives the socket its own emit and reads back (it may serve further requests). */
  private detach(): void {
    const socket = this.socket as ReadSocket | undefined;
    if (!socket) return;
    if (this.ownEmit) socket.emit = this.ownEmit as Socket["emit"];
    else delete (socket as Partial<Socket>).emit;
    if (socket[READER] === this) delete socket[READER];
  }

  private data(bytes: Buffer | string, parse: Emit): boolean {
    const socket = this.socket as Socket;
    if (this.taken) {
      this.body(bytes as Buffer, parse);
      return true;
    }
    const split = typeof bytes === "string" ? -1 : this.headEnd(bytes);
    if (split === undefined) return parse.call(socket, "data", bytes);
    if (split < 0) {
      this.detach();
      return parse.call(socket, "data", bytes);
    }
    // The parser reads the head (and emits 'response', which sees `taken`); the rest is ours.
    this.taken = true;
    const head = (bytes as Buffer).subarray(0, split);
    const result = parse.call(socket, "data", head);
    this.body((bytes as Buffer).subarray(split), parse);
    return result;
  }

  /**
   * Where the final response head ends in `bytes` when its body is ours to read; -1 when it is
   * not (or the bytes are not an HTTP/1.1 response); undefined while the head is incomplete.
   */
  private headEnd(bytes: Buffer): number | undefined {
    const seen = this.head ? this.head.length : 0;
    let head = this.head ? Buffer.concat([this.head, bytes]) : bytes;
    let dropped = 0;
    while (true) {
      if (head.length >= 5 && head.toString("latin1", 0, 5) !== "HTTP/") return -1;
      const end = head.indexOf(HEAD_END);
      if (end < 0) {
        if (head.length > MAX_HEAD) return -1;
        this.head = Buffer.from(head);
        return undefined;
      }
      const verdict = judge(head.toString("latin1", 0, end));
      const after = end + HEAD_END.length;
      if (verdict !== "interim") {
        this.head = undefined;
        return verdict === "take" ? after + dropped - seen : -1;
      }
      // A 1xx head (100 Continue, 103 Early Hints): the real one follows.
      dropped += after;
      head = head.subarray(after);
    }
  }

  private body(bytes: Buffer, parse: Emit): void {
    let end: { length: number; rest?: number };
    try {
      end = this.decoder.push(bytes);
    } catch (error) {
      this.fail(error as Error);
      this.socket?.destroy();
      return;
    }
    if (end.length > 0) {
      this.keep(bytes, end.length);
      // A body nobody reads (yet) waits in the kernel, not here.
      if (this.queued > MAX_QUEUED_BYTES) this.socket?.pause();
    }
    if (this.decoder.done) {
      this.ended = true;
      this.detach();
      const socket = this.socket as Socket;
      // The parser still waits for the body: an empty last chunk completes the response.
      parse.call(socket, "data", LAST_CHUNK);
      // (A copy: `bytes` may be the socket's reused buffer.)
      if (end.rest !== undefined && end.rest < bytes.length) parse.call(socket, "data", Buffer.from(bytes.subarray(end.rest)));
      // Unread, the response would never end, and a keep-alive socket never return to the pool.
      this.res?.resume();
    }
    this.wakeReader();
  }

  /** Appends `bytes[0, length)` to the batch being filled (where the read landed already, when it did). */
  private keep(bytes: Buffer, length: number): void {
    const needed = this.queued + length;
    let batch = this.batch;
    if (batch !== undefined && bytes.buffer === batch.buffer && bytes.byteOffset === batch.byteOffset + this.queued) {
      this.queued = needed;
      return;
    }
    if (batch === undefined || batch.length < needed) {
      const grown = Buffer.allocUnsafeSlow(Math.max(needed, batch ? batch.length * 2 : BATCH_BYTES));
      if (batch) batch.copy(grown, 0, 0, this.queued);
      this.batch = batch = grown;
    }
    bytes.copy(batch, this.queued, 0, length);
    this.queued = needed;
  }

  private fail(error: Error): void {
    if (this.failure || this.ended) return;
    this.failure = error;
    this.wakeReader();
  }

  private wakeReader(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

/** What a response head means for the tap: "take" a plain chunked body, an "interim" 1xx, or "leave". */
function judge(head: string): "take" | "interim" | "leave" {
  const lines = head.split("\r\n");
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0]);
  if (!status) return "leave";
  const code = Number(status[1]);
  if (code >= 100 && code < 200 && code !== 101) return "interim";
  if (code < 200 || code >= 300 || code === 204) return "leave";
  let chunked = 0;
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    if (colon <= 0) return "leave"; // obsolete line folding or junk: Node's parser decides
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (name === "transfer-encoding") {
      if (value !== "chunked") return "leave";
      chunked++;
    } else if (name === "content-length") return "leave";
    else if (name === "content-encoding" && value !== "identity") return "leave";
  }
  return chunked === 1 ? "take" : "leave";
}
