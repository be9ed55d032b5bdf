// The provider requests' HTTP transport: node:http(s) rather than the global fetch. Node 20's
// fetch is undici: loading it costs ~30 ms on the first request, its WebAssembly HTTP parser and
// web streams cost ~1 µs per streamed token, and V8's background tier-up of that WebAssembly holds
// the process ~80 ms at exit. node:http parses natively and hands the body over as Node streams.
//
// Only what the driver needs: one POST, the status and headers, the body as byte chunks (decoded
// when the server compressed it), and failures that name their cause.
import type { ClientRequest, IncomingMessage } from "node:http";
import { readingAgent } from "./agents.js";
import { NetworkError } from "./errors.js";
import type { JsonBody, StreamedBody } from "./json-body.js";
import { SocketBody } from "./socket-body.js";

/** The part of a Headers object the driver reads (retry-after, content-type, after_provider_response). */
export interface ResponseHeaders {
  get(name: string): string | null;
  has(name: string): boolean;
  forEach(fn: (value: string, name: string) => void): void;
}

export interface HttpResponse {
  status: number;
  statusText: string;
  ok: boolean;
  headers: ResponseHeaders;
  /**
   * The body's bytes, a network read at a time; a connection cut mid-body throws a NetworkError. A
   * piece may be valid only until the next is asked for (its buffer is reused): copy what you keep.
   */
  body: AsyncIterable<Uint8Array>;
  text(): Promise<string>;
}

/**
 * A request body whose text passes this many characters is sent as it is made
 * (`transfer-encoding: chunked`: its length is known only at its end) and is not kept as bytes.
 * Below it (every usual request; 5,000 messages are ~1.8 MB), making the body takes under ~40 ms
 * and the server's receiving it less: little to overlap, so the request keeps its content-length
 * (some proxies refuse a body without one). A longer one (a long conversation never compacted:
 * 34 MB for 100,000 entries) is received and decoded by the server, on another core, while the
 * rest is made, and is written from a few reused buffers instead of being kept (34 MB of fresh
 * bytes: ~150 ms of page faults in a bare loop on a 2-core VM, and ~15 MB of the peak RSS).
 */
export const STREAM_BODY_FROM = 4 * 1024 * 1024;

/**
 * POSTs `body` (a string, bytes in pieces, or text made as it is sent: json-body.ts) to `url`;
 * resolves with the response once its headers are in. `signal` aborts it at any point. A streamed
 * body goes with `transfer-encoding: chunked`; a server or proxy that refuses it (411 Length
 * Required, or a 400 that is not an API's JSON error) gets the request again with the whole body's
 * bytes and a content-length.
 */
export async function post(
  url: string,
  headers: Record<string, string>,
  body: string | JsonBody | StreamedBody,
  signal: AbortSignal,
): Promise<HttpResponse> {
  const target = new URL(url);
  const { request } = target.protocol === "https:" ? await import("node:https") : await import("node:http");
  const agent = await readingAgent(target.protocol);
  const streamed = typeof body === "object" && "open" in body ? body : undefined;
  const length = typeof body === "string" ? Buffer.byteLength(body, "utf8") : streamed ? undefined : (body as JsonBody).length;
  signal.throwIfAborted();
  return new Promise<HttpResponse>((resolve, reject) => {
    let uploading = streamed !== undefined;
    const req = request(target, { method: "POST", headers: withDefaults(headers, length), agent }, (res) => {
      if (streamed && refusesChunked(res)) {
        res.resume();
        req.destroy();
        let whole: JsonBody;
        try {
          whole = streamed.whole();
        } catch (error) {
          return reject(error);
        }
        return resolve(post(url, headers, whole, signal));
      }
      if (uploading) {
        // An answer before the whole body was sent (an error, as a rule): stop sending, and let the
        // connection go once the answer is read (a request left unfinished cannot be reused).
        uploading = false;
        res.once("end", () => req.destroy());
      }
      resolve(response(res, tap, signal));
    });
    const tap = new SocketBody(req);
    // Destroying the request also ends a body being read; both readers report `signal.reason`.
    // (Destroyed without an error: one passed on would reach the socket, where nobody listens.)
    const abort = () => req.destroy();
    signal.addEventListener("abort", abort, { once: true });
    req.on("close", () => signal.removeEventListener("abort", abort));
    req.on("error", (error) =>
      reject(signal.aborted ? signal.reason : new NetworkError(`connection failed (${error.message})`, { cause: error })),
    );
    if (typeof body === "string") req.end(body, "utf8");
    else if (streamed) {
      upload(req, streamed.open(), () => uploading).then(
        () => {
          uploading = false;
        },
        (error) => {
          // The body could not be made (a conversion threw): that error, not a network one.
          reject(error);
          req.destroy();
        },
      );
    } else {
      // Written before the socket is ready, the pieces wait and leave together (one writev).
      for (const chunk of (body as JsonBody).chunks) req.write(chunk);
      req.end();
    }
  });
}

/**
 * Bytes written between two turns of the event loop while a body is sent as it is made: a turn's
 * writes are corked and leave together at its end, and a socket whose kernel buffer was full is
 * written again only from the event loop. A turn costs a few µs.
 */
const UPLOAD_TURN = 256 * 1024;
/**
 * Bytes written and not yet taken by the socket past which the making waits (backpressure, for a
 * slow uplink). Large: below it a piece whose buffer is still in flight gets a fresh one, as every
 * piece did when the whole body was kept; waiting instead leaves a core idle whenever the server is
 * slow to read (a loaded machine), and a process that sleeps waits for a core again.
 */
const UPLOAD_IN_FLIGHT = 16 * 1024 * 1024;
/** A piece's buffer: 64 Ki characters of UTF-16 are at most 192 KiB of UTF-8. */
const PIECE_BYTES = 3 * 64 * 1024;

/**
 * Writes the text's pieces as they are made, each encoded into a buffer that is reused once the
 * socket took it (no fresh memory per piece). Stops, unfinished, when `going()` turns false (an
 * answer came) or the request is destroyed.
 */
async function upload(req: ClientRequest, pieces: Iterator<string | Buffer>, going: () => boolean): Promise<void> {
  const free: Buffer[] = [];
  let inFlight = 0;
  let sinceTurn = 0;
  let wake: (() => void) | undefined;
  const stopped = () => req.destroyed || !going();
  req.once("close", () => wake?.());
  try {
    for (let next = pieces.next(); !next.done; next = pieces.next()) {
      const text = next.value;
      let bytes: Buffer;
      let done: ((error?: Error | null) => void) | undefined;
      // A piece made before the body was known to be long is bytes already (requestBody).
      if (typeof text !== "string") bytes = text;
      else if (text.length * 3 <= PIECE_BYTES) {
        const buffer = free.pop() ?? Buffer.allocUnsafeSlow(PIECE_BYTES);
        bytes = buffer.subarray(0, buffer.write(text, "utf8"));
        inFlight += bytes.length;
        done = () => {
          inFlight -= bytes.length;
          free.push(buffer);
          wake?.();
        };
      } else bytes = Buffer.from(text, "utf8"); // one long message: its own bytes
      req.write(bytes, done);
      sinceTurn += bytes.length;
      if (sinceTurn >= UPLOAD_TURN || inFlight >= UPLOAD_IN_FLIGHT) {
        sinceTurn = 0;
        await new Promise<void>((resolve) => setImmediate(resolve));
        while (inFlight >= UPLOAD_IN_FLIGHT && !stopped()) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
        }
      }
      if (stopped()) return;
    }
  } finally {
    // A piece still being made is not wanted any more (a stopped or failed upload).
    pieces.return?.();
  }
  req.end();
}

/**
 * A refusal of a body without a length: 411 Length Required, or a 400 that is not JSON (an API's
 * own errors are JSON; a proxy's or gateway's refusal is a page of text or HTML).
 */
function refusesChunked(res: IncomingMessage): boolean {
  if (res.statusCode === 411) return true;
  return res.statusCode === 400 && !/json/i.test(String(res.headers["content-type"] ?? ""));
}

/** What fetch would send unasked, where the wire format did not set it. */
function withDefaults(headers: Record<string, string>, length: number | undefined): Record<string, string> {
  const out: Record<string, string> = { ...headers };
  if (length === undefined) out["transfer-encoding"] = "chunked";
  else out["content-length"] = String(length);
  const has = (name: string) => Object.keys(headers).some((h) => h.toLowerCase() === name);
  if (!has("accept")) out.accept = "*/*";
  if (!has("user-agent")) out["user-agent"] = "pi-kernel";
  if (!has("accept-encoding")) out["accept-encoding"] = "gzip, deflate, br";
  return out;
}

function response(res: IncomingMessage, tap: SocketBody, signal: AbortSignal): HttpResponse {
  // An abort or a cut after the reader stopped reading must not surface as an unhandled 'error'.
  res.on("error", () => {});
  tap.res = res;
  const status = res.statusCode ?? 0;
  const body = bytes(res, tap, signal);
  return {
    status,
    statusText: res.statusMessage ?? "",
    ok: status >= 200 && status < 300,
    headers: headerView(res),
    body,
    async text() {
      const chunks: Uint8Array[] = [];
      // Copies: a batch's buffer is reused for the next one (socket-body.ts).
      for await (const chunk of body) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks).toString("utf8");
    },
  };
}

/**
 * A fast stream is read at most once per this many ms. A long answer arrives a few tokens per
 * network read (55,000 reads for 200,000 tokens from a local server), and every read costs a
 * system call, the HTTP parser and the whole chain of decoders and listeners. Between reads the
 * bytes gather (socket-body.ts keeps reading the socket meanwhile, so the server is never held
 * up by a full socket buffer) and the next read takes them all. At most this much latency is
 * added, and only while data arrives faster than this (a model streaming at a pace a person can
 * follow sees none).
 */
const READ_EVERY_MS = 4;
/** Reads taken as they come before the pacing applies: short answers see no wait at all. */
const EAGER_READS = 32;

/** Monotonic milliseconds. Not `performance.now()`: the global loads perf_hooks (~0.5 ms, nine modules) on a run's first answer. */
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

/** The body's chunks, decompressed as the server says; a cut connection surfaces as a NetworkError. */
async function* bytes(res: IncomingMessage, tap: SocketBody, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  const encoding = (res.headers["content-encoding"] ?? "identity").trim().toLowerCase();
  const source = tap.taken ? tap.chunks() : encoding === "identity" ? res : await decompressed(res, encoding);
  let reads = 0;
  try {
    // Each read takes everything buffered since the last one.
    for await (const chunk of source) {
      const read = nowMs();
      yield chunk as Uint8Array;
      const wait = read + READ_EVERY_MS - nowMs();
      if (++reads > EAGER_READS && wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new NetworkError(`the connection closed mid-answer (${(error as Error).message})`, { cause: error });
  } finally {
    if (!res.complete) res.destroy();
  }
  // A connection closed before the body's declared end, without an error event.
  if (!res.complete) throw new NetworkError("the connection closed mid-answer (terminated)");
}

/** The body through the decoder its content-encoding names (a cut connection still fails the read). */
async function decompressed(res: IncomingMessage, encoding: string): Promise<NodeJS.ReadableStream> {
  const [zlib, { pipeline }] = await Promise.all([import("node:zlib"), import("node:stream")]);
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? zlib.createGunzip()
      : encoding === "deflate"
        ? zlib.createInflate()
        : encoding === "br"
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!decoder) throw new NetworkError(`the server answered in an encoding pi cannot read (content-encoding: ${encoding})`);
  return pipeline(res, decoder, () => {
    // errors reach the reader through the decoder
  });
}

function headerView(res: IncomingMessage): ResponseHeaders {
  const value = (name: string): string | null => {
    const v = res.headers[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
  };
  return {
    get: value,
    has: (name) => res.headers[name.toLowerCase()] !== undefined,
    forEach(fn) {
      for (const name of Object.keys(res.headers)) fn(value(name) ?? "", name);
    },
  };
}
