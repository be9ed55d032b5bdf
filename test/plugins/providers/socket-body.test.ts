// The chunked body read from the socket (lib/provider-kit/socket-body.ts, chunked.ts) against the
// full path: the decoder gives the payload whatever the reads' split, and the transport, against a
// raw TCP server writing exact HTTP bytes, reads every kind of response as Node's parser would:
// chunk extensions and trailers, 1xx heads, keep-alive reuse, bodies it leaves to the parser
// (content-length, compressed), cuts, bad framing and aborts.
import { request } from "node:http";
import { createServer, type Server, type Socket } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChunkedDecoder, post, readingAgent, SocketBody } from "../../../lib/provider-kit/index.js";

const PAYLOAD = Buffer.from(
  Array.from({ length: 40 }, (_, i) => `event: content_block_delta\ndata: {"text":"Grüße ${i} 👋"}\n\n`).join(""),
);

/** PAYLOAD in chunks of varied sizes, some with extensions, ending with trailers. */
function chunked(payload: Buffer, { trailers = "" } = {}): Buffer {
  const parts: Buffer[] = [];
  const sizes = [1, 7, 64, 3, 200, 2];
  for (let at = 0, i = 0; at < payload.length; i++) {
    const n = Math.min(sizes[i % sizes.length], payload.length - at);
    const ext = i % 5 === 2 ? ";name=value" : "";
    const hex = i % 2 ? n.toString(16).toUpperCase() : n.toString(16);
    parts.push(Buffer.from(`${hex}${ext}\r\n`));
    parts.push(payload.subarray(at, at + n), Buffer.from("\r\n"));
    at += n;
  }
  parts.push(Buffer.from(`0\r\n${trailers}\r\n`));
  return Buffer.concat(parts);
}

function decodeAll(reads: Buffer[]): { payload: Buffer; done: boolean; rest: Buffer } {
  const decoder = new ChunkedDecoder();
  const out: Buffer[] = [];
  let rest = Buffer.alloc(0);
  for (const read of reads) {
    const copy = Buffer.from(read); // decoded in place
    const r = decoder.push(copy);
    out.push(Buffer.from(copy.subarray(0, r.length)));
    if (r.rest !== undefined) rest = Buffer.concat([rest, copy.subarray(r.rest)]);
  }
  return { payload: Buffer.concat(out), done: decoder.done, rest };
}

describe("ChunkedDecoder", () => {
  const body = chunked(PAYLOAD, { trailers: "x-usage: 7\r\nx-more: y\r\n" });

  it("gives the payload for the body split at every byte boundary, and what follows the body", () => {
    const after = Buffer.from("HTTP/1.1 200 OK\r\n");
    const whole = Buffer.concat([body, after]);
    for (let cut = 0; cut <= whole.length; cut++) {
      const r = decodeAll([whole.subarray(0, cut), whole.subarray(cut)]);
      expect(r.payload.equals(PAYLOAD), `cut at ${cut}`).toBe(true);
      expect(r.done).toBe(true);
      expect(r.rest.equals(after), `rest after cut at ${cut}`).toBe(true);
    }
  });

  it("gives the payload when every byte is its own read", () => {
    const r = decodeAll([...body].map((b) => Buffer.from([b])));
    expect(r.payload.equals(PAYLOAD)).toBe(true);
    expect(r.done).toBe(true);
  });

  it("is not done before the last chunk's empty line", () => {
    expect(decodeAll([body.subarray(0, body.length - 1)]).done).toBe(false);
  });

  it.each([
    ["a size that is not hex", "zz\r\nab\r\n0\r\n\r\n", /unexpected byte/],
    ["data longer than its size", "2\r\nabc\r\n0\r\n\r\n", /longer than its size/],
    ["a size line ending in a bare LF", "2\nab\r\n0\r\n\r\n", /without CR/],
    ["an empty size line", "\r\nab\r\n", /no size/],
    ["a size too large", "fffffffffffffff\r\n", /too large/],
  ])("rejects %s", (_name, text, message) => {
    expect(() => decodeAll([Buffer.from(text)])).toThrow(message);
  });
});

// A raw HTTP/1.1 server: each request gets the next scripted answer, written as the given pieces
// (each its own write, after the previous one reached the socket), or cut after them.
interface Answer {
  pieces: Buffer[];
  cut?: boolean;
  /** Stop after the pieces without ending (the client is expected to abort). */
  hold?: boolean;
}

let server: Server;
let url: string;
const answers: Answer[] = [];
let connections = 0;
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    let buffered = Buffer.alloc(0);
    socket.on("data", async (data) => {
      buffered = Buffer.concat([buffered, data]);
      const end = buffered.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(buffered.toString("latin1", 0, end))?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      buffered = buffered.subarray(end + 4 + length);
      const answer = answers.shift();
      if (!answer) return void socket.destroy();
      for (const piece of answer.pieces) await new Promise((resolve) => socket.write(piece, resolve));
      if (answer.cut) socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  url = `http://127.0.0.1:${address.port}/v1/messages`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const HEAD = "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: keep-alive\r\n";
const chunkedHead = `${HEAD}transfer-encoding: chunked\r\n\r\n`;

/** Splits bytes into pieces of `size` (so the client sees many reads). */
function split(bytes: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

async function read(signal = new AbortController().signal): Promise<Buffer> {
  const res = await post(url, { "content-type": "application/json" }, "{}", signal);
  expect(res.status).toBe(200);
  const parts: Uint8Array[] = [];
  for await (const part of res.body) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

describe("the transport's body reading", () => {
  it("reads a chunked body with extensions and trailers, however the reads split it", async () => {
    for (const size of [1, 5, 17, 4096]) {
      answers.push({ pieces: split(Buffer.concat([Buffer.from(chunkedHead), chunked(PAYLOAD, { trailers: "x-a: b\r\n" })]), size) });
      expect((await read()).equals(PAYLOAD), `pieces of ${size}`).toBe(true);
    }
  });

  it("reuses a keep-alive socket after a chunked body it read itself", async () => {
    const before = connections;
    for (let i = 0; i < 3; i++) {
      answers.push({ pieces: [Buffer.from(chunkedHead), chunked(PAYLOAD)] });
      expect((await read()).equals(PAYLOAD)).toBe(true);
    }
    expect(connections - before).toBeLessThanOrEqual(1);
  });

  it("reads the final response after a 100 Continue head", async () => {
    answers.push({ pieces: [Buffer.from("HTTP/1.1 100 Continue\r\n\r\n"), Buffer.from(chunkedHead), chunked(PAYLOAD)] });
    expect((await read()).equals(PAYLOAD)).toBe(true);
  });

  it("leaves content-length and compressed bodies to Node's parser, with the same result", async () => {
    answers.push({ pieces: [Buffer.from(`${HEAD}content-length: ${PAYLOAD.length}\r\n\r\n`), ...split(PAYLOAD, 100)] });
    expect((await read()).equals(PAYLOAD)).toBe(true);
    answers.push({
      pieces: [Buffer.from(`${HEAD}transfer-encoding: chunked\r\ncontent-encoding: gzip\r\n\r\n`), chunked(gzipSync(PAYLOAD))],
    });
    expect((await read()).equals(PAYLOAD)).toBe(true);
  });

  it("takes only plain chunked bodies of successful responses from the parser", async () => {
    const taken = (head: string, body: Buffer) => {
      answers.push({ pieces: [Buffer.from(head), body] });
      return new Promise<boolean>((resolve, reject) => {
        const req = request(url, { method: "POST" }, (res) => {
          res.resume();
          resolve(tap.taken);
        });
        const tap = new SocketBody(req);
        req.on("error", reject);
        req.end();
      });
    };
    expect(await taken(chunkedHead, chunked(PAYLOAD))).toBe(true);
    expect(await taken(`${HEAD}content-length: ${PAYLOAD.length}\r\n\r\n`, PAYLOAD)).toBe(false);
    expect(await taken(`${HEAD}transfer-encoding: chunked\r\ncontent-encoding: gzip\r\n\r\n`, chunked(gzipSync(PAYLOAD)))).toBe(false);
    const error = "HTTP/1.1 429 Too Many Requests\r\ntransfer-encoding: chunked\r\n\r\n";
    expect(await taken(error, chunked(Buffer.from('{"error":{}}')))).toBe(false);
  });

  // Node's global agent (a fresh Buffer per read, handed over in 'data' events) and the transport's
  // own (every read into one reused buffer: agents.ts).
  it.each([
    ["Node's agent", undefined],
    ["the reading agent", "reading"],
  ])("keeps reading the socket while the reader works on a batch, and the batch stays intact (%s)", async (_name, which) => {
    // 512 KiB of body in 64 KiB chunks, less than what the tap holds before it pauses (1 MiB).
    const payload = Buffer.from(Array.from({ length: 512 * 1024 }, (_, i) => i % 251));
    const body = Buffer.concat([
      ...split(payload, 64 * 1024).map((c) => Buffer.concat([Buffer.from(`${c.length.toString(16)}\r\n`), c, Buffer.from("\r\n")])),
      Buffer.from("0\r\n\r\n"),
    ]);
    answers.push({ pieces: [Buffer.from(chunkedHead), ...split(body, 16 * 1024)] });
    const agent = which ? await readingAgent("http:") : undefined;
    const req = request(url, { method: "POST", agent });
    const tap = new SocketBody(req);
    await new Promise((resolve, reject) => {
      req.on("response", resolve);
      req.on("error", reject);
      req.end();
    });
    const socket = req.socket as Socket;
    const chunks = tap.chunks();
    const first = (await chunks.next()).value as Uint8Array;
    const copy = Buffer.from(first);
    // The reader holds its first batch: the rest of the body still arrives (in the tap's queue).
    for (let i = 0; i < 500 && socket.bytesRead < body.length; i++) await new Promise((r) => setTimeout(r, 10));
    expect(socket.bytesRead).toBeGreaterThanOrEqual(body.length);
    expect(Buffer.from(first).equals(copy)).toBe(true);
    const got = [copy];
    for await (const c of chunks) got.push(Buffer.from(c));
    expect(Buffer.concat(got).equals(payload)).toBe(true);
  });

  it("reads a body past the pause limit straight into its batches, every batch intact while the next fills", async () => {
    // 3 MiB in chunks of odd sizes: reads land in the batch being filled (agents.ts asks the tap
    // where), the framing is stripped there, and the batch lent to the reader is never written.
    const payload = Buffer.from(Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 7) % 253));
    const sizes = [70_000, 1, 33_333, 65_536, 5];
    const parts: Buffer[] = [Buffer.from(chunkedHead)];
    for (let at = 0, i = 0; at < payload.length; i++) {
      const c = payload.subarray(at, at + sizes[i % sizes.length]);
      parts.push(Buffer.from(`${c.length.toString(16)}\r\n`), c, Buffer.from("\r\n"));
      at += c.length;
    }
    parts.push(Buffer.from("0\r\n\r\n"));
    answers.push({ pieces: split(Buffer.concat(parts), 256 * 1024) });
    const res = await post(url, {}, "{}", new AbortController().signal);
    const got: Buffer[] = [];
    for await (const batch of res.body) {
      const copy = Buffer.from(batch);
      // The socket keeps being read meanwhile (into the other buffer).
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(Buffer.from(batch).equals(copy)).toBe(true);
      got.push(copy);
    }
    expect(Buffer.concat(got).equals(payload)).toBe(true);
  });

  it("goes through a global agent someone replaced (a proxy agent, say) instead of its own", async () => {
    const http = (await import("node:http")).default;
    const own = http.globalAgent;
    const replaced = new (class ProxyLike extends http.Agent {})();
    http.globalAgent = replaced;
    try {
      expect(await readingAgent("http:")).toBe(replaced);
    } finally {
      http.globalAgent = own;
      replaced.destroy();
    }
    expect(await readingAgent("http:")).not.toBe(own);
  });

  it("fails a body cut mid-chunk as a network error, after the bytes before the cut", async () => {
    const body = chunked(PAYLOAD);
    answers.push({ pieces: [Buffer.from(chunkedHead), body.subarray(0, 300)], cut: true });
    const res = await post(url, {}, "{}", new AbortController().signal);
    const got: Uint8Array[] = [];
    await expect(
      (async () => {
        for await (const part of res.body) got.push(Buffer.from(part));
      })(),
    ).rejects.toMatchObject({ name: "NetworkError", message: expect.stringMatching(/closed mid-answer/) });
    expect(PAYLOAD.subarray(0, Buffer.concat(got).length).equals(Buffer.concat(got))).toBe(true);
    expect(Buffer.concat(got).length).toBeGreaterThan(0);
  });

  it("fails broken chunk framing as a network error", async () => {
    answers.push({ pieces: [Buffer.from(chunkedHead), Buffer.from("5\r\nabcdefgh\r\n0\r\n\r\n")] });
    await expect(read()).rejects.toMatchObject({ name: "NetworkError", message: expect.stringMatching(/malformed chunked body/) });
  });

  it("stops reading at an abort, with the abort's reason", async () => {
    answers.push({ pieces: [Buffer.from(chunkedHead), chunked(PAYLOAD).subarray(0, 200)], hold: true });
    const controller = new AbortController();
    const res = await post(url, {}, "{}", controller.signal);
    const reading = (async () => {
      for await (const _part of res.body) controller.abort(new Error("stopped by the user"));
    })();
    await expect(reading).rejects.toThrow("stopped by the user");
  });
});
