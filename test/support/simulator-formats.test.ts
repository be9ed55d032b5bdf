// The simulator's responses-API and Gemini formats, and the model list local servers expose.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSimulator, type Simulator } from "./simulator/index.mjs";

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator({ models: ["a", "b"] });
});
afterEach(async () => {
  await sim.close();
});

const post = (path: string, body: unknown) =>
  fetch(`${sim.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("OpenAI responses", () => {
  it("streams reasoning, a message and a function call as response.* events, usage at the end", async () => {
    sim.script({
      thinking: "Think.",
      text: "Hi there",
      toolCalls: [{ name: "ls", arguments: { path: "." }, id: "call_1" }],
      thinkingSignature: "ENC",
      chunkSize: 4,
      usage: { input: 10, output: 5, cacheRead: 2 },
    });
    const res = await post("/v1/responses", { model: "gpt-sim", stream: true, input: [] });
    const events = (await res.text())
      .trimEnd()
      .split("\n\n")
      .map((frame) => {
        const [eventLine, dataLine] = frame.split("\n");
        const data = JSON.parse(dataLine.slice(6));
        expect(eventLine).toBe(`event: ${data.type}`);
        return data;
      });
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    expect(events[0]).toMatchObject({ type: "response.created", response: { status: "in_progress", model: "gpt-sim" } });
    const done = events.filter((e) => e.type === "response.output_item.done").map((e) => e.item);
    expect(done).toEqual([
      {
        id: expect.stringMatching(/^rs_/),
        type: "reasoning",
        summary: [{ type: "summary_text", text: "Think." }],
        encrypted_content: "ENC",
      },
      {
        id: expect.stringMatching(/^msg_/),
        type: "message",
        status: "completed",
        role: "assistant",
        content: [{ type: "output_text", text: "Hi there", annotations: [] }],
      },
      {
        id: expect.stringMatching(/^fc_/),
        type: "function_call",
        status: "completed",
        call_id: "call_1",
        name: "ls",
        arguments: '{"path":"."}',
      },
    ]);
    expect(events.filter((e) => e.type === "response.output_text.delta").map((e) => e.delta)).toEqual(["Hi t", "here"]);
    expect(events.filter((e) => e.type === "response.function_call_arguments.delta").length).toBeGreaterThan(1);
    expect(events.at(-1)).toMatchObject({
      type: "response.completed",
      response: { status: "completed", usage: { input_tokens: 12, input_tokens_details: { cached_tokens: 2 }, output_tokens: 5 } },
    });
  });

  it("reports a length stop as response.incomplete", async () => {
    sim.script({ text: "cut", stopReason: "length" });
    const text = await (await post("/responses", { stream: true, input: [] })).text();
    expect(text).toContain('"incomplete_details":{"reason":"max_output_tokens"}');
  });
});

describe("Gemini", () => {
  it("streams CRLF-framed chunks with thought parts, a signature, whole function calls and running usage", async () => {
    sim.script({
      thinking: "Hmm.",
      text: "Yes",
      toolCalls: [{ name: "ls", arguments: { path: "." } }],
      thinkingSignature: "SIG",
      usage: { input: 7, output: 9 },
    });
    const res = await post("/v1beta/models/gemini-sim:streamGenerateContent?alt=sse", { contents: [] });
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const text = await res.text();
    expect(text.endsWith("\r\n\r\n")).toBe(true);
    const chunks = text
      .trimEnd()
      .split("\r\n\r\n")
      .map((f) => JSON.parse(f.slice(6)));
    const parts = chunks.flatMap((c) => c.candidates[0].content.parts);
    expect(parts).toEqual([
      { text: "Hmm.", thought: true },
      { text: "Yes", thoughtSignature: "SIG" },
      { functionCall: { name: "ls", args: { path: "." } } },
      { text: "" },
    ]);
    expect(chunks.every((c) => c.modelVersion === "gemini-sim" && c.usageMetadata.promptTokenCount === 7)).toBe(true);
    expect(chunks.at(-1)).toMatchObject({
      candidates: [{ finishReason: "STOP" }],
      usageMetadata: { totalTokenCount: 16, thoughtsTokenCount: 1, candidatesTokenCount: 8 },
    });
    expect(sim.requests[0].format).toBe("gemini");
  });

  it("answers errors with Google's error shape", async () => {
    sim.script({ fault: { kind: "status", status: 429 } });
    const res = await post("/v1beta/models/x:streamGenerateContent", { contents: [] });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: { code: 429, message: "Rate limit exceeded (simulated)", status: "RESOURCE_EXHAUSTED" } });
  });
});

it("lists its models like a local OpenAI-compatible server", async () => {
  const res = await fetch(`${sim.url}/v1/models`);
  expect(await res.json()).toEqual({
    object: "list",
    data: [
      { id: "a", object: "model", owned_by: "simulator" },
      { id: "b", object: "model", owned_by: "simulator" },
    ],
  });
});
