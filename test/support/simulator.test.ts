import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSimulator, type Simulator } from "./simulator/index.mjs";

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator();
});
afterEach(async () => {
  await sim.close();
});

const openaiBody = (extra: Record<string, unknown> = {}) => ({
  model: "sim-gpt",
  stream: true,
  stream_options: { include_usage: true },
  messages: [{ role: "user", content: "hi" }],
  ...extra,
});
const anthropicBody = () => ({ model: "sim-claude", stream: true, max_tokens: 100, messages: [{ role: "user", content: "hi" }] });

function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${sim.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** The raw SSE frames (each ends with a blank line) of a finished response. */
async function frames(res: Response): Promise<string[]> {
  const text = await res.text();
  expect(text.endsWith("\n\n")).toBe(true);
  return text
    .slice(0, -2)
    .split("\n\n")
    .map((f) => `${f}\n\n`);
}

const openaiData = (frame: string) => {
  expect(frame.startsWith("data: ")).toBe(true);
  return JSON.parse(frame.slice(6));
};
const anthropicEvent = (frame: string) => {
  const [eventLine, dataLine] = frame.trimEnd().split("\n");
  expect(eventLine).toMatch(/^event: \w+$/);
  const data = JSON.parse(dataLine.replace(/^data: /, ""));
  expect(data.type).toBe(eventLine.slice(7));
  return data;
};

/** Reads `count` frames from a live response, leaving the stream open. */
async function readFrames(res: Response, count: number) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (text.split("\n\n").length - 1 < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return { reader, text };
}

describe("OpenAI chat completions", () => {
  it("streams thinking and text as chat.completion.chunk frames, then usage and [DONE]", async () => {
    sim.script({ thinking: "Let me think.", text: "Hello there, world!", usage: { input: 10, output: 5, cacheRead: 3 }, chunkSize: 4 });
    const res = await post("/v1/chat/completions", openaiBody());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const all = await frames(res);
    expect(all.at(-1)).toBe("data: [DONE]\n\n");
    const chunks = all.slice(0, -1).map(openaiData);
    for (const c of chunks) {
      expect(c).toMatchObject({ id: chunks[0].id, object: "chat.completion.chunk", model: "sim-gpt" });
      expect(typeof c.created).toBe("number");
    }
    expect(chunks[0].choices[0]).toEqual({ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null });
    const deltas = chunks.filter((c) => c.choices.length).map((c) => c.choices[0].delta);
    expect(deltas.map((d) => d.reasoning_content ?? "").join("")).toBe("Let me think.");
    expect(deltas.map((d) => d.content ?? "").join("")).toBe("Hello there, world!");
    expect(deltas.filter((d) => d.content).length).toBe(5);
    const finish = chunks.at(-2);
    expect(finish.choices[0]).toEqual({ index: 0, delta: {}, finish_reason: "stop" });
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 13, completion_tokens: 5, total_tokens: 18, prompt_tokens_details: { cached_tokens: 3 } },
    });
  });

  it("omits the usage chunk unless stream_options.include_usage is set, and accepts /chat/completions", async () => {
    sim.script({ text: "ok", stopReason: "length", reasoningField: "reasoning" });
    const all = await frames(await post("/chat/completions", openaiBody({ stream_options: undefined })));
    const chunks = all.slice(0, -1).map(openaiData);
    expect(chunks.every((c) => c.usage === undefined && c.choices.length === 1)).toBe(true);
    expect(chunks.at(-1).choices[0].finish_reason).toBe("length");
  });

  it("splits tool-call arguments into fragments; the first carries id and name", async () => {
    const args = { path: "src/main.ts", content: "export const x = 1;\n", overwrite: true };
    sim.script({
      toolCalls: [
        { name: "write", arguments: args, id: "call_1" },
        { name: "ls", arguments: {} },
      ],
    });
    const chunks = (await frames(await post("/v1/chat/completions", openaiBody()))).slice(0, -1).map(openaiData);
    const calls = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    const first = calls.filter((c) => c.index === 0);
    expect(first.length).toBeGreaterThanOrEqual(3);
    expect(first[0]).toMatchObject({ index: 0, id: "call_1", type: "function", function: { name: "write" } });
    expect(first.slice(1).every((c) => c.id === undefined && c.function.name === undefined)).toBe(true);
    expect(JSON.parse(first.map((c) => c.function.arguments).join(""))).toEqual(args);
    const second = calls.filter((c) => c.index === 1);
    expect(second[0].id).toMatch(/^call_sim_/);
    expect(JSON.parse(second.map((c) => c.function.arguments).join(""))).toEqual({});
    expect(chunks.at(-2).choices[0].finish_reason).toBe("tool_calls");
  });

  it("rejects non-streaming requests with 400", async () => {
    sim.script({ text: "unused" });
    const res = await post("/v1/chat/completions", { ...openaiBody(), stream: false });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.type).toBe("invalid_request_error");
    expect(sim.remaining).toBe(1);
  });
});

describe("Anthropic messages", () => {
  it("streams message_start, ping, thinking with signature, text, tool_use and message_delta", async () => {
    const args = { command: "ls -la /tmp", timeout: 30 };
    sim.script({
      thinking: "Hmm, files.",
      text: "Listing.",
      toolCalls: [{ name: "bash", arguments: args }],
      usage: { input: 20, output: 7, cacheRead: 4, cacheWrite: 2 },
    });
    const events = (await frames(await post("/v1/messages", anthropicBody()))).map(anthropicEvent);
    expect(events.map((e) => e.type)).toEqual([
      "message_start",
      "ping",
      "content_block_start",
      ...Array(2).fill("content_block_delta"),
      "content_block_delta",
      "content_block_stop",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "content_block_start",
      ...Array(events.length - 14).fill("content_block_delta"),
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(events[0].message).toMatchObject({
      model: "sim-claude",
      role: "assistant",
      usage: { input_tokens: 20, cache_read_input_tokens: 4, cache_creation_input_tokens: 2 },
    });
    expect(events[2].content_block).toEqual({ type: "thinking", thinking: "" });
    expect(events[5].delta.type).toBe("signature_delta");
    expect(events[5].delta.signature.length).toBeGreaterThan(0);
    const deltasOf = (index: number) => events.filter((e) => e.type === "content_block_delta" && e.index === index).map((e) => e.delta);
    expect(
      deltasOf(0)
        .filter((d) => d.type === "thinking_delta")
        .map((d) => d.thinking)
        .join(""),
    ).toBe("Hmm, files.");
    expect(
      deltasOf(1)
        .map((d) => d.text)
        .join(""),
    ).toBe("Listing.");
    const toolStart = events.find((e) => e.type === "content_block_start" && e.index === 2);
    expect(toolStart.content_block).toMatchObject({ type: "tool_use", name: "bash", input: {} });
    expect(toolStart.content_block.id).toMatch(/^toolu_sim_/);
    const fragments = deltasOf(2).map((d) => d.partial_json);
    expect(fragments.filter(Boolean).length).toBeGreaterThanOrEqual(3);
    expect(JSON.parse(fragments.join(""))).toEqual(args);
    expect(events.at(-2)).toMatchObject({ delta: { stop_reason: "tool_use" }, usage: { output_tokens: 7 } });
  });

  it("maps stop reasons", async () => {
    sim.script({ text: "a" }, { text: "b", stopReason: "length" });
    const stop = (await frames(await post("/v1/messages", anthropicBody()))).map(anthropicEvent);
    const length = (await frames(await post("/messages", anthropicBody()))).map(anthropicEvent);
    expect(stop.at(-2).delta.stop_reason).toBe("end_turn");
    expect(length.at(-2).delta.stop_reason).toBe("max_tokens");
  });
});

describe("faults", () => {
  it("answers status faults with the API's error shape and retry headers", async () => {
    sim.script(
      { fault: { kind: "status", status: 429, retryAfter: 2, retryAfterMs: 1500 } },
      { fault: { kind: "status", status: 529 } },
      { fault: { kind: "status", status: 500, body: "plain failure" } },
    );
    const limited = await post("/v1/chat/completions", openaiBody());
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("2");
    expect(limited.headers.get("retry-after-ms")).toBe("1500");
    expect(await limited.json()).toEqual({
      error: { message: "Rate limit exceeded (simulated)", type: "requests", param: null, code: "rate_limit_exceeded" },
    });
    const overloaded = await post("/v1/messages", anthropicBody());
    expect(overloaded.status).toBe(529);
    expect(await overloaded.json()).toEqual({ type: "error", error: { type: "overloaded_error", message: "Overloaded (simulated)" } });
    const plain = await post("/v1/chat/completions", openaiBody());
    expect(plain.status).toBe(500);
    expect(await plain.text()).toBe("plain failure");
  });

  it("disconnects after n chunks", async () => {
    sim.script({ text: "abcdefghijklmnopqrstuvwxyz", chunkSize: 2, fault: { kind: "disconnect", afterChunks: 3 } });
    const res = await post("/v1/chat/completions", openaiBody());
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = "";
    const readAll = async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return "ended cleanly";
        text += Buffer.from(value).toString("utf8");
      }
    };
    await expect(readAll()).rejects.toThrow(/terminated/);
    expect(text.split("\n\n").length - 1).toBe(3);
  });

  it("sends a malformed chunk after n chunks, then the rest", async () => {
    sim.script({ text: "hello", chunkSize: 1, fault: { kind: "malformed", afterChunks: 2 } });
    const all = await frames(await post("/v1/chat/completions", openaiBody()));
    expect(() => openaiData(all[2])).toThrow(SyntaxError);
    expect(all.at(-1)).toBe("data: [DONE]\n\n");
    sim.script({ text: "hello", fault: { kind: "malformed", afterChunks: 0 } });
    const events = await frames(await post("/v1/messages", anthropicBody()));
    expect(() => anthropicEvent(events[0])).toThrow(SyntaxError);
  });

  it("stalls after n chunks and close() still returns promptly", async () => {
    sim.script({ text: "abcdef", chunkSize: 1, fault: { kind: "stall", afterChunks: 2 } });
    const res = await post("/v1/chat/completions", openaiBody());
    const { reader, text } = await readFrames(res, 2);
    expect(text.split("\n\n").length - 1).toBe(2);
    const pending = reader.read();
    const raced = await Promise.race([pending.then(() => "data"), new Promise((r) => setTimeout(() => r("stalled"), 150))]);
    expect(raced).toBe("stalled");
    const started = Date.now();
    await sim.close();
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(pending).rejects.toThrow();
  });

  it("resumes a stall after ms", async () => {
    sim.script({ text: "abc", fault: { kind: "stall", afterChunks: 1, ms: 100 } });
    const started = Date.now();
    const all = await frames(await post("/v1/chat/completions", openaiBody()));
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(all.at(-1)).toBe("data: [DONE]\n\n");
  });
});

describe("pacing", () => {
  it("spaces frames by delayMs", async () => {
    sim.script({ text: "abcd", chunkSize: 1, delayMs: 25 });
    const started = Date.now();
    const all = await frames(await post("/v1/chat/completions", openaiBody()));
    expect(all).toHaveLength(8); // role, 4 text, finish, usage, [DONE]
    expect(Date.now() - started).toBeGreaterThanOrEqual(7 * 25 - 10);
  });
});

describe("script and recording", () => {
  it("records every request and lets a function answer from what it received", async () => {
    sim.script((request) => ({ text: `you said ${request.body.messages[0].content}` }));
    const res = await post("/v1/chat/completions", openaiBody(), { authorization: "Bearer sk-test", "x-extra": "1" });
    const chunks = (await frames(res)).slice(0, -1).map(openaiData);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? "").join("")).toBe("you said hi");
    expect(sim.requests).toHaveLength(1);
    expect(sim.requests[0]).toMatchObject({ method: "POST", path: "/v1/chat/completions", format: "openai", body: openaiBody() });
    expect(sim.requests[0].headers).toMatchObject({ authorization: "Bearer sk-test", "x-extra": "1" });
  });

  it("answers 500 with a clear message when the script runs out", async () => {
    const res = await post("/v1/chat/completions", openaiBody());
    expect(res.status).toBe(500);
    expect(((await res.json()) as any).error.message).toMatch(/simulator script ran out/);
    const anthropic = await post("/v1/messages", anthropicBody());
    expect(((await anthropic.json()) as any).error.message).toMatch(/script ran out/);
    expect(sim.requests).toHaveLength(2);
  });

  it("answers 404 for unknown paths and reports a throwing script function", async () => {
    expect((await post("/v1/unknown", {})).status).toBe(404);
    sim.script(() => {
      throw new Error("bad script");
    });
    const res = await post("/v1/chat/completions", openaiBody());
    expect(res.status).toBe(500);
    expect(((await res.json()) as any).error.message).toMatch(/bad script/);
  });
});

describe("serve.mjs", () => {
  it("runs in its own process and is scripted over HTTP", async () => {
    const script = fileURLToPath(new URL("./simulator/serve.mjs", import.meta.url));
    const child = spawn(process.execPath, [script], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      const [line] = await once(child.stdout!, "data");
      const { url } = JSON.parse(String(line));
      await fetch(`${url}/__sim/script`, { method: "POST", body: JSON.stringify([{ text: "remote" }]) });
      const res = await fetch(`${url}/v1/chat/completions`, { method: "POST", body: JSON.stringify(openaiBody()) });
      expect(await res.text()).toContain('"content":"remote"');
      const recorded = await (await fetch(`${url}/__sim/requests`)).json();
      expect(recorded).toHaveLength(1);
    } finally {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  });
});
