// The fault matrix for every wire format: what is retried (before anything was emitted, or after:
// then the next attempt opens a new message that supersedes the partial one), what ends in an
// error that keeps the partial message, and what is reported as a context overflow.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Type } from "pi-kernel";
import { STREAM_BODY_FROM, isContextOverflow } from "../../../lib/provider-kit/index.js";
import { startSimulator, type Simulator } from "../../support/simulator/index.mjs";
import { APIS, FAST_RETRY, context, modelFor, run } from "./apis.js";

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator();
});
afterEach(async () => {
  await sim.close();
});

const fast = { settings: FAST_RETRY };
const tools = [{ name: "write", description: "Write a file", parameters: Type.Object({ path: Type.String() }) }];
const OVERFLOW: Record<string, string> = {
  anthropic: "prompt is too long: 213462 tokens > 200000 maximum",
  openai: "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens.",
  responses: "Your input exceeds the context window of this model. Please adjust your input and try again.",
  gemini: "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).",
};
// Frames each format sends before its first content (so a cut there is "nothing emitted yet").
const PREAMBLE: Record<string, number> = { anthropic: 2, openai: 1, responses: 2, gemini: 0 };

describe.each(APIS)("$api faults", (c) => {
  it.each([
    ["429 with retry-after", { kind: "status", status: 429, retryAfter: 0.02 }],
    ["429 with retry-after-ms", { kind: "status", status: 429, retryAfterMs: 15 }],
    ["500", { kind: "status", status: 500 }],
    ["529 overloaded", { kind: "status", status: 529 }],
    ["a disconnect before any content", { kind: "disconnect", afterChunks: PREAMBLE[c.format] }],
  ] as const)("retries %s, emitting the answer once", async (_name, fault) => {
    sim.script({ text: "first try", fault: fault as any }, { text: "Recovered answer." });
    const { types, message } = await run(c, modelFor(c, sim), context(), {}, fast);
    expect(sim.requests).toHaveLength(2);
    expect(types.filter((t) => t === "start")).toHaveLength(1);
    expect(types.at(-1)).toBe("done");
    expect(message.content).toEqual([expect.objectContaining({ type: "text", text: "Recovered answer." })]);
  });

  it("retries a 500 for a body long enough to be sent as it is made, sending the same bytes again", async () => {
    const text = "line of tool output that a read would return\n".repeat(200);
    const messages = Array.from({ length: 500 }, (_, i) => ({ role: "user" as const, content: `${i} ${text}`, timestamp: i }));
    sim.script({ fault: { kind: "status", status: 500 } }, { text: "Recovered answer." });
    const { types, message } = await run(c, modelFor(c, sim), context({ messages }), {}, fast);
    expect(types.at(-1)).toBe("done");
    expect(message.content).toEqual([expect.objectContaining({ text: "Recovered answer." })]);
    expect(sim.requests).toHaveLength(2);
    const [first, second] = sim.requests;
    expect(first.headers["transfer-encoding"]).toBe("chunked");
    expect(first.rawBody.length).toBeGreaterThan(STREAM_BODY_FROM);
    expect(second.rawBody).toBe(first.rawBody);
  });

  it("gives up after retry.maxRetries, with the last error", async () => {
    sim.script(...Array(3).fill({ fault: { kind: "status", status: 503 } }));
    const { types, message } = await run(
      c,
      modelFor(c, sim),
      context(),
      {},
      { settings: { retry: { ...FAST_RETRY.retry, maxRetries: 2 } } },
    );
    expect(sim.requests).toHaveLength(3);
    expect(types).toEqual(["error"]);
    expect(message.errorMessage).toMatch(/^HTTP 503/);
  });

  it("fails at once when the server asks for a wait longer than retry.provider.maxRetryDelayMs", async () => {
    sim.script({ fault: { kind: "status", status: 429, retryAfter: 120 } });
    const { message } = await run(c, modelFor(c, sim), context(), {}, fast);
    expect(sim.requests).toHaveLength(1);
    expect(message.errorMessage).toMatch(/^HTTP 429: .*not retried: the server asked to wait 120 s/);
  });

  it("does not retry when retry.enabled is false", async () => {
    sim.script({ fault: { kind: "status", status: 500 } });
    const { message } = await run(c, modelFor(c, sim), context(), {}, { settings: { retry: { enabled: false } } });
    expect(sim.requests).toHaveLength(1);
    expect(message.stopReason).toBe("error");
  });

  it("stops waiting to retry when aborted", async () => {
    sim.script({ fault: { kind: "status", status: 500 } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const { message } = await run(
      c,
      modelFor(c, sim),
      context(),
      { signal: controller.signal },
      { settings: { retry: { baseDelayMs: 60_000 } } },
    );
    expect(message).toMatchObject({ stopReason: "aborted", errorMessage: "Request aborted" });
  });

  it("retries a stream cut mid-text: the next attempt opens a new message, the answer comes whole", async () => {
    sim.script(
      { text: "partial answer here", chunkSize: 3, fault: { kind: "disconnect", afterChunks: PREAMBLE[c.format] + 3 } },
      { text: "Whole." },
    );
    const retries: unknown[] = [];
    const { types, message } = await run(c, modelFor(c, sim), context(), {}, { ...fast, onRetry: (r) => retries.push(r) });
    expect(sim.requests).toHaveLength(2);
    // The second `start` tells the caller to drop the partial message it was showing.
    expect(types.filter((t) => t === "start")).toHaveLength(2);
    expect(retries).toEqual([
      expect.objectContaining({ attempt: 1, partial: true, errorMessage: expect.stringMatching(/Network error|ended unexpectedly/) }),
    ]);
    expect(message).toMatchObject({ stopReason: "stop", content: [expect.objectContaining({ text: "Whole." })] });
  });

  it("ends a stream cut mid-text in an error keeping the text when retries are off", async () => {
    sim.script({ text: "partial answer here", chunkSize: 3, fault: { kind: "disconnect", afterChunks: PREAMBLE[c.format] + 3 } });
    const { types, message } = await run(c, modelFor(c, sim), context(), {}, { settings: { retry: { enabled: false } } });
    expect(sim.requests).toHaveLength(1);
    expect(types).not.toContain("done");
    expect(message.stopReason).toBe("error");
    expect((message.content[0] as any).text).toMatch(/^par/);
    expect(message.errorMessage).toMatch(/Network error|ended unexpectedly/);
  });

  it("retries a stream cut mid-tool-call; the half call never completes, the retried one does", async () => {
    const turn = { text: "Writing.", toolCalls: [{ name: "write", arguments: { path: "x".repeat(60) } }], argsChunkSize: 6, chunkSize: 20 };
    sim.script({ ...turn, fault: { kind: "disconnect", afterChunks: PREAMBLE[c.format] + (c.format === "gemini" ? 1 : 6) } }, turn);
    const { types, message } = await run(c, modelFor(c, sim), context({ tools }), {}, fast);
    expect(sim.requests).toHaveLength(2);
    const secondStart = types.lastIndexOf("start");
    expect(types.slice(0, secondStart)).not.toContain("toolcall_end");
    expect(types.filter((t) => t === "toolcall_end")).toHaveLength(1);
    expect(message.stopReason).toBe("toolUse");
    expect(message.content.at(-1)).toMatchObject({ type: "toolCall", arguments: { path: "x".repeat(60) } });
  });

  it("ends in an error on a malformed chunk, quoting it briefly, without retrying", async () => {
    sim.script({ text: "hello world", fault: { kind: "malformed", afterChunks: PREAMBLE[c.format] + 1 } });
    const { message } = await run(c, modelFor(c, sim), context(), {}, fast);
    expect(sim.requests).toHaveLength(1);
    expect(message.errorMessage).toMatch(/^Malformed chunk from the provider \(not JSON\): /);
  });

  it("cuts a stalled stream after retry.provider.timeoutMs and retries it, before or after content", async () => {
    const settings = { retry: { baseDelayMs: 5, provider: { timeoutMs: 150 } } };
    sim.script({ text: "never", fault: { kind: "stall", afterChunks: PREAMBLE[c.format] } }, { text: "second try" });
    const retried = await run(c, modelFor(c, sim), context(), {}, { settings });
    expect(retried.message.content).toEqual([expect.objectContaining({ text: "second try" })]);
    sim.script({ text: "abcdefgh", chunkSize: 2, fault: { kind: "stall", afterChunks: PREAMBLE[c.format] + 2 } }, { text: "third try" });
    const after = await run(c, modelFor(c, sim), context(), {}, { settings });
    expect(after.message.content).toEqual([expect.objectContaining({ text: "third try" })]);
    sim.script({ text: "abcdefgh", chunkSize: 2, fault: { kind: "stall", afterChunks: PREAMBLE[c.format] + 2 } });
    const cut = await run(c, modelFor(c, sim), context(), {}, { settings: { retry: { ...settings.retry, maxRetries: 0 } } });
    expect(cut.message.stopReason).toBe("error");
    expect(cut.message.errorMessage).toMatch(/sent nothing for 0.15 s/);
    expect(sim.requests).toHaveLength(5);
  });

  it("reports a context overflow as such and never retries it", async () => {
    sim.script({ fault: { kind: "status", status: 400, message: OVERFLOW[c.format] } });
    const { message } = await run(c, modelFor(c, sim), context(), {}, fast);
    expect(sim.requests).toHaveLength(1);
    expect(message.errorMessage).toBe(`Context overflow: HTTP 400: ${OVERFLOW[c.format]}`);
    expect(isContextOverflow(message)).toBe(true);
  });

  it("never shows the API key in an error, even when the server echoes it", async () => {
    sim.script({ fault: { kind: "status", status: 401, message: "Incorrect API key provided: sk-test-key-123456" } });
    const { message } = await run(c, modelFor(c, sim), context(), {}, fast);
    expect(message.errorMessage).toMatch(/^HTTP 401/);
    expect(message.errorMessage).not.toContain("sk-test-key-123456");
  });
});
