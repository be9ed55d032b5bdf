// Each of the four wire formats through the simulator: text, thinking, tool calls streamed in
// fragments, a multi-turn tool loop, images, usage and cost, aborts.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Message } from "pi-kernel";
import { Type } from "pi-kernel";
import { startSimulator, type Simulator } from "../../support/simulator/index.mjs";
import { APIS, context, expectLiveArguments, joinedDeltas, modelFor, run } from "./apis.js";

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator();
});
afterEach(async () => {
  await sim.close();
});

const PNG = { type: "image" as const, data: "iVBORw0KGgo=", mimeType: "image/png" };
const tools = [{ name: "write", description: "Write a file", parameters: Type.Object({ path: Type.String(), content: Type.String() }) }];

describe.each(APIS)("$api through the simulator", (c) => {
  it("streams text", async () => {
    sim.script({ text: "Hello, streaming world! ✓", chunkSize: 5 });
    const { types, message, events } = await run(c, modelFor(c, sim));
    // Deltas that arrive in one network read come as one: at least one, never anything else.
    expect(types.slice(0, 3)).toEqual(["start", "text_start", "text_delta"]);
    expect(types.slice(2, -2).every((t) => t === "text_delta")).toBe(true);
    expect(types.slice(-2)).toEqual(["text_end", "done"]);
    expect(joinedDeltas(events, "text_delta")).toBe("Hello, streaming world! ✓");
    expect(message).toMatchObject({ stopReason: "stop", api: c.api, content: [{ type: "text", text: "Hello, streaming world! ✓" }] });
    expect(message.responseId).toBeTruthy();
    expect(sim.requests[0].format).toBe(c.format);
  });

  it("streams thinking and keeps its signature", async () => {
    sim.script({ thinking: "Plan first, then act.", text: "Done.", thinkingSignature: "SIG-123", chunkSize: 6 });
    const { types, message } = await run(c, modelFor(c, sim), context(), { thinkingLevel: "high" });
    expect(types.slice(0, 3)).toEqual(["start", "thinking_start", "thinking_delta"]);
    expect(types).toContain("thinking_end");
    const thinking = message.content[0];
    expect(thinking).toMatchObject({ type: "thinking", thinking: "Plan first, then act." });
    expect(message.content[1]).toMatchObject({ type: "text", text: "Done." });
    if (c.format === "anthropic") expect(thinking).toMatchObject({ thinkingSignature: "SIG-123" });
    if (c.format === "responses")
      expect(JSON.parse((thinking as any).thinkingSignature)).toMatchObject({ type: "reasoning", encrypted_content: "SIG-123" });
    if (c.format === "gemini") expect(message.content[1]).toMatchObject({ textSignature: "SIG-123" });
  });

  it("assembles a tool call whose arguments arrive in fragments, with live partial arguments", async () => {
    const args = { path: "src/app.ts", content: "naïve ☃ ".repeat(8) };
    sim.script({ toolCalls: [{ name: "write", arguments: args, id: "call_w1" }], argsChunkSize: 4 });
    const { snapshots, message, last } = await run(c, modelFor(c, sim), context({ tools }));
    expect(last).toMatchObject({ type: "done", reason: "toolUse" });
    const deltas = snapshots.filter((s) => s.type === "toolcall_delta");
    expect(deltas.map((d) => d.delta).join("")).toBe(JSON.stringify(args));
    expectLiveArguments(deltas, 0);
    expect(snapshots.at(-2)).toMatchObject({ type: "toolcall_end", toolCall: { name: "write", arguments: args } });
    expect(message.content).toEqual([expect.objectContaining({ type: "toolCall", name: "write", arguments: args })]);
  });

  it("runs a multi-turn tool loop, replaying the call, its result and the thinking", async () => {
    sim.script({ thinking: "Need a file.", toolCalls: [{ name: "write", arguments: { path: "a", content: "b" } }] }, { text: "Written." });
    const model = modelFor(c, sim);
    const first = await run(c, model, context({ tools }), { thinkingLevel: "medium" });
    const call = first.message.content.find((b) => b.type === "toolCall")!;
    const messages: Message[] = [
      { role: "user", content: "write it", timestamp: 1 },
      first.message,
      {
        role: "toolResult",
        toolCallId: (call as any).id,
        toolName: "write",
        content: [{ type: "text", text: "ok, 1 byte" }],
        isError: false,
        timestamp: 2,
      },
    ];
    const second = await run(c, model, context({ tools, messages }), { thinkingLevel: "medium" });
    expect(second.message).toMatchObject({ stopReason: "stop", content: [{ type: "text", text: "Written." }] });
    const body = JSON.stringify(sim.requests[1].body);
    expect(body).toContain("ok, 1 byte");
    // Thinking goes back to its own model, except on chat completions, which has no field for it.
    if (c.format === "openai") expect(body).not.toContain("Need a file.");
    else expect(body).toContain("Need a file.");
    if (c.format === "anthropic")
      expect(sim.requests[1].body.messages[1].content[0]).toMatchObject({ type: "thinking", signature: expect.any(String) });
    if (c.format === "responses")
      expect(sim.requests[1].body.input.find((i: any) => i.type === "reasoning")).toMatchObject({ encrypted_content: expect.any(String) });
    if (c.format === "gemini") expect(sim.requests[1].body.contents[1].parts[0]).toMatchObject({ thought: true });
  });

  it("sends images in the user message", async () => {
    sim.script({ text: "A pixel." });
    await run(
      c,
      modelFor(c, sim),
      context({ messages: [{ role: "user", content: [{ type: "text", text: "what is this" }, PNG], timestamp: 1 }] }),
    );
    const body = JSON.stringify(sim.requests[0].body);
    expect(body).toContain(PNG.data);
    expect(body).toContain("image/png");
  });

  it("reports usage and cost as the API reports it", async () => {
    sim.script({ text: "x", usage: { input: 1000, output: 500, cacheRead: 200, cacheWrite: 100 } });
    const { message } = await run(c, modelFor(c, sim));
    const cacheWrite = c.format === "anthropic" ? 100 : 0; // only Anthropic reports cache writes
    expect(message.usage).toMatchObject({ input: 1000, output: 500, cacheRead: 200, cacheWrite, totalTokens: 1700 + cacheWrite });
    expect(message.usage.cost.input).toBeCloseTo(0.002);
    expect(message.usage.cost.output).toBeCloseTo(0.004);
    expect(message.usage.cost.cacheRead).toBeCloseTo(0.0001);
    expect(message.usage.cost.total).toBeCloseTo(0.0061 + cacheWrite * 2.5e-6);
  });

  it("aborts mid-text, keeping the partial text", async () => {
    sim.script({ text: "abcdefghijklmnop", chunkSize: 2, fault: { kind: "stall", afterChunks: 6 } });
    const controller = new AbortController();
    const { types, message, last, events } = await run(c, modelFor(c, sim), context(), { signal: controller.signal }, undefined, (e) => {
      if (e.type === "text_delta") controller.abort();
    });
    expect(last).toMatchObject({ type: "error", reason: "aborted" });
    expect(types).not.toContain("text_end");
    // What was shown before the abort is what the message keeps, and nothing after it.
    const shown = joinedDeltas(events, "text_delta");
    expect(shown.length).toBeGreaterThan(0);
    expect("abcdefghijkl".startsWith(shown)).toBe(true);
    expect(message).toMatchObject({ stopReason: "aborted", errorMessage: "Request aborted", content: [{ type: "text", text: shown }] });
  });

  it("aborts mid-tool-call: the half call never ends", async () => {
    sim.script({
      toolCalls: [{ name: "write", arguments: { path: "a.txt", content: "x".repeat(80) } }],
      argsChunkSize: 5,
      fault: { kind: "stall", afterChunks: 30 },
    });
    const controller = new AbortController();
    const { types, message } = await run(c, modelFor(c, sim), context({ tools }), { signal: controller.signal }, undefined, (e) => {
      if (e.type === (c.format === "gemini" ? "toolcall_start" : "toolcall_delta")) controller.abort();
    });
    expect(types).not.toContain("toolcall_end");
    expect(message.stopReason).toBe("aborted");
    expect(message.content[0]).toMatchObject({ type: "toolCall", name: "write" });
    if (c.format !== "anthropic") expect(message.usage).toBeDefined();
    else expect(message.usage.input).toBeGreaterThan(0); // message_start's usage survives the abort
  });
});

describe("anthropic-messages redacted thinking", () => {
  it("keeps a redacted_thinking block as opaque data and replays it unchanged", async () => {
    const c = APIS.find((a) => a.format === "anthropic")!;
    sim.script({ redactedThinking: "OPAQUE-DATA", thinking: "visible", text: "ok" }, { text: "next" });
    const model = modelFor(c, sim);
    const first = await run(c, model, context(), { thinkingLevel: "high" });
    expect(first.message.content[0]).toEqual({ type: "thinking", thinking: "", thinkingSignature: "OPAQUE-DATA", redacted: true });
    expect(first.types.slice(0, 3)).toEqual(["start", "thinking_start", "thinking_end"]);
    const messages: Message[] = [
      { role: "user", content: "hi", timestamp: 1 },
      first.message,
      { role: "user", content: "more", timestamp: 2 },
    ];
    await run(c, model, context({ messages }));
    expect(sim.requests[1].body.messages[1].content.slice(0, 2)).toEqual([
      { type: "redacted_thinking", data: "OPAQUE-DATA" },
      { type: "thinking", thinking: "visible", signature: expect.any(String) },
    ]);
  });
});
