// A long request body sent as it is made (lib/provider-kit/http.ts `post` with json-body.ts's
// `requestBody`), against a raw TCP server that records the exact request bytes: the chunked
// framing is exact and its payload is JSON.stringify's bytes; a 411 (or a 400 page from a proxy)
// gets the same bytes again with a content-length; a second attempt sends the same bytes; a
// connection cut mid-upload fails as a network error; a conversion that throws mid-way fails the
// request with its own error, and a body under the threshold keeps its content-length.
import { createServer, type Server, type Socket } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type JsonBody, type StreamedBody, defineLazyBatches, post, requestBody } from "../../lib/provider-kit/index.js";

interface Received {
  head: string;
  /** The body as the framing gives it. */
  body: Buffer;
  chunked: boolean;
}

/** How the server answers a complete request (or, with `early`, right after its head). */
interface Answer {
  status: number;
  contentType?: string;
  text?: string;
  /** Answer as soon as the head is in, and close the connection. */
  early?: boolean;
  /** Cut the connection once this many body bytes arrived, without answering. */
  cutAfter?: number;
}

let server: Server;
let url: string;
const answers: Answer[] = [];
const received: Received[] = [];
const sockets = new Set<Socket>();

/** The chunked body's payload, strictly: hex size, CRLF, data, CRLF, ..., `0` CRLF CRLF; undefined until complete. */
function dechunk(bytes: Buffer): { body: Buffer; end: number } | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = bytes.indexOf("\r\n", at);
    if (eol < 0) return undefined;
    const line = bytes.toString("latin1", at, eol);
    if (!/^[0-9a-f]+$/.test(line)) throw new Error(`bad chunk size line ${JSON.stringify(line)}`);
    const size = Number.parseInt(line, 16);
    if (size === 0) {
      if (bytes.length < eol + 4) return undefined;
      if (bytes.toString("latin1", eol + 2, eol + 4) !== "\r\n") throw new Error("trailers or junk after the last chunk");
      return { body: Buffer.concat(parts), end: eol + 4 };
    }
    if (bytes.length < eol + 2 + size + 2) return undefined;
    parts.push(bytes.subarray(eol + 2, eol + 2 + size));
    if (bytes.toString("latin1", eol + 2 + size, eol + 4 + size) !== "\r\n") throw new Error("chunk data not followed by CRLF");
    at = eol + 4 + size;
  }
}

function reply(socket: Socket, answer: Answer): void {
  const text = answer.text ?? "data: ok\n\n";
  socket.end(
    `HTTP/1.1 ${answer.status} X\r\ncontent-type: ${answer.contentType ?? "text/event-stream"}\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
  );
}

beforeAll(async () => {
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffered = Buffer.alloc(0);
    let answer: Answer | undefined;
    let done = false;
    socket.on("data", (data) => {
      if (done) return;
      buffered = Buffer.concat([buffered, data]);
      const end = buffered.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = buffered.toString("latin1", 0, end);
      answer ??= answers.shift() ?? { status: 200 };
      if (answer.early) {
        done = true;
        received.push({ head, body: Buffer.alloc(0), chunked: /transfer-encoding: chunked/i.test(head) });
        return reply(socket, answer);
      }
      const rest = buffered.subarray(end + 4);
      if (answer.cutAfter !== undefined && rest.length >= answer.cutAfter) {
        done = true;
        return void socket.destroy();
      }
      const chunked = /transfer-encoding: chunked/i.test(head);
      let body: Buffer;
      if (chunked) {
        const r = dechunk(rest);
        if (!r) return;
        expect(r.end).toBe(rest.length); // nothing after the last chunk
        body = r.body;
      } else {
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (rest.length < length) return;
        body = rest.subarray(0, length);
      }
      done = true;
      received.push({ head, body: Buffer.from(body), chunked });
      reply(socket, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1/chat/completions`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const signal = () => new AbortController().signal;

/** A body whose messages are made lazily, a batch of 64 at a time (as the providers' are). */
function lazyBody(messages: unknown[]): Record<string, unknown> {
  const body: Record<string, unknown> = { model: "m", stream: true };
  defineLazyBatches(body, "messages", function* () {
    for (let i = 0; i < messages.length; i += 64) yield messages.slice(i, i + 64);
  });
  body.max_tokens = 100;
  return body;
}

const streamed = (b: JsonBody | StreamedBody): StreamedBody => {
  expect("open" in b).toBe(true);
  return b as StreamedBody;
};

function messages(n: number, text = "line of tool output ✓ that a read would return\n".repeat(20)): unknown[] {
  return Array.from({ length: n }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `${i} ${text}` }));
}

describe("a request body sent as it is made", () => {
  it("frames exactly JSON.stringify's bytes in chunks, without a content-length", async () => {
    received.length = 0;
    const body = lazyBody(messages(3_000));
    const expected = Buffer.from(JSON.stringify({ model: "m", stream: true, messages: messages(3_000), max_tokens: 100 }));
    const payload = streamed(requestBody(body, 200_000));
    const res = await post(url, { "content-type": "application/json" }, payload, signal());
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("data: ok\n\n");
    expect(received).toHaveLength(1);
    expect(received[0].chunked).toBe(true);
    expect(received[0].head).not.toMatch(/content-length/i);
    expect(received[0].body.equals(expected)).toBe(true);
  });

  it("sends the same bytes whatever the texts and the threshold (fast-check)", async () => {
    const text = fc.oneof(fc.string({ unit: "binary", maxLength: 300 }), fc.constant("é".repeat(70_000)), fc.constant("x".repeat(40_000)));
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 300 }), fc.integer({ min: 0, max: 300_000 }), async (texts, from) => {
        received.length = 0;
        const list = texts.map((content, i) => ({ role: "user", content, i }));
        const expected = Buffer.from(JSON.stringify({ model: "m", stream: true, messages: list, max_tokens: 100 }));
        const payload = requestBody(lazyBody(list), from);
        const res = await post(url, { "content-type": "application/json" }, payload, signal());
        await res.text();
        expect(received[0].chunked).toBe("open" in payload);
        expect(received[0].body.equals(expected)).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it("keeps a body under the threshold whole, with its content-length", async () => {
    received.length = 0;
    const payload = requestBody(lazyBody(messages(50)), 1_000_000);
    expect("open" in payload).toBe(false);
    const res = await post(url, {}, payload, signal());
    await res.text();
    expect(received[0].chunked).toBe(false);
    expect(received[0].head).toMatch(new RegExp(`content-length: ${(payload as JsonBody).length}`, "i"));
  });

  it.each([
    ["411 Length Required", { status: 411, contentType: "text/html", text: "<html>411</html>" }],
    ["a 400 page from a proxy", { status: 400, contentType: "text/html", text: "<html>Bad Request</html>" }],
  ])("sends the whole body again with a content-length after %s", async (_name, refusal) => {
    received.length = 0;
    answers.push({ ...refusal, early: true });
    const list = messages(2_000);
    const expected = Buffer.from(JSON.stringify({ model: "m", stream: true, messages: list, max_tokens: 100 }));
    const res = await post(url, {}, streamed(requestBody(lazyBody(list), 100_000)), signal());
    expect(res.status).toBe(200);
    await res.text();
    expect(received.map((r) => r.chunked)).toEqual([true, false]);
    expect(received[1].head).toMatch(new RegExp(`content-length: ${expected.length}`, "i"));
    expect(received[1].body.equals(expected)).toBe(true);
  });

  it("hands an API's own 400 (JSON) to the caller, without sending again", async () => {
    received.length = 0;
    answers.push({ status: 400, contentType: "application/json", text: '{"error":{"message":"too long"}}', early: true });
    const res = await post(url, {}, streamed(requestBody(lazyBody(messages(2_000)), 100_000)), signal());
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("too long");
    expect(received).toHaveLength(1);
  });

  it("sends the same bytes on a second attempt (a retry makes the body again)", async () => {
    received.length = 0;
    answers.push({ status: 429, contentType: "application/json", text: '{"error":{"message":"slow down"}}' });
    const list = messages(2_000);
    const expected = Buffer.from(JSON.stringify({ model: "m", stream: true, messages: list, max_tokens: 100 }));
    const payload = streamed(requestBody(lazyBody(list), 100_000));
    const first = await post(url, {}, payload, signal());
    expect(first.status).toBe(429);
    await first.text();
    const second = await post(url, {}, payload, signal());
    expect(second.status).toBe(200);
    await second.text();
    expect(received).toHaveLength(2);
    for (const r of received) expect(r.body.equals(expected)).toBe(true);
  });

  it("fails as a network error when the connection is cut mid-upload", async () => {
    received.length = 0;
    answers.push({ status: 200, cutAfter: 300_000 });
    const payload = streamed(requestBody(lazyBody(messages(5_000)), 100_000));
    await expect(post(url, {}, payload, signal())).rejects.toThrow(/connection failed/);
  });

  it("fails with the conversion's own error when it throws mid-way, and again on a retry", async () => {
    const body: Record<string, unknown> = { model: "m" };
    defineLazyBatches(body, "messages", function* () {
      for (let i = 0; i < 40; i++) yield messages(64);
      throw new Error("a message the API cannot take");
    });
    const payload = streamed(requestBody(body, 100_000));
    await expect(post(url, {}, payload, signal())).rejects.toThrow("a message the API cannot take");
    await expect(post(url, {}, payload, signal())).rejects.toThrow("a message the API cannot take");
    // And in the first part, before any request.
    expect(() => requestBody(body, 100_000_000)).toThrow("a message the API cannot take");
  });

  it("stops on abort mid-upload", async () => {
    answers.push({ status: 200, cutAfter: 1e12 }); // never answers
    const controller = new AbortController();
    const pending = post(url, {}, streamed(requestBody(lazyBody(messages(20_000)), 100_000)), controller.signal);
    setTimeout(() => controller.abort(new Error("user abort")), 20);
    await expect(pending).rejects.toThrow("user abort");
    answers.length = 0;
  });
});
