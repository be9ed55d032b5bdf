import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AssistantMessageEvent, LlmContext, Model, PluginApi, ProviderDef, StreamOptions } from "pi-kernel";
import { Type } from "pi-kernel";
import plugin from "../../plugins/provider-openai-completions/index.js";
import { APIS, expectLiveArguments, joinedDeltas, NO_RETRY, run as runApi } from "./providers/apis.js";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator();
});
afterEach(async () => {
  await sim.close();
});

function model(over: Partial<Model> = {}): Model {
  return {
    id: "sim-gpt",
    name: "Sim GPT",
    api: "openai-completions",
    provider: "sim",
    baseUrl: `${sim.url}/v1`,
    reasoning: false,
    input: ["text", "image"],
    cost: { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 0 },
    contextWindow: 128_000,
    maxTokens: 4096,
    ...over,
  };
}

const context = (over: Partial<LlmContext> = {}): LlmContext => ({
  systemPrompt: "You are a test.",
  messages: [{ role: "user", content: "hi", timestamp: 1 }],
  tools: [],
  ...over,
});

// Retries have their own tests (providers/faults); here a failure must show at once.
const CHAT = APIS.find((c) => c.api === "openai-completions")!;
const run = (m: Model, ctx: LlmContext = context(), options: StreamOptions = {}, onEvent?: (e: AssistantMessageEvent) => void) =>
  runApi(CHAT, m, ctx, { apiKey: "sk-test-key", ...options }, { settings: NO_RETRY }, onEvent);

describe("provider-openai-completions against the simulator", () => {
  it("streams text and sends a well-formed request", async () => {
    sim.script({ text: "Hello, streaming world!", chunkSize: 5 });
    const { types, message, events } = await run(model());
    expect(types.filter((t) => t !== "text_delta")).toEqual(["start", "text_start", "text_end", "done"]);
    expect(joinedDeltas(events, "text_delta")).toBe("Hello, streaming world!");
    expect(events.at(-2)).toMatchObject({ type: "text_end", contentIndex: 0, content: "Hello, streaming world!" });
    expect(message).toMatchObject({
      role: "assistant",
      stopReason: "stop",
      api: "openai-completions",
      provider: "sim",
      model: "sim-gpt",
      content: [{ type: "text", text: "Hello, streaming world!" }],
    });
    expect(message.responseId).toMatch(/^chatcmpl-sim-/);
    const [request] = sim.requests;
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.headers.authorization).toBe("Bearer sk-test-key");
    expect(request.body).toEqual({
      model: "sim-gpt",
      stream: true,
      stream_options: { include_usage: true },
      max_completion_tokens: 4096,
      messages: [
        { role: "system", content: "You are a test." },
        { role: "user", content: "hi" },
      ],
    });
  });

  it("assembles a tool call whose arguments arrive in many fragments", async () => {
    const args = { path: "src/app.ts", edits: [{ oldText: "let a = 1;", newText: "const a = 1;" }], note: "naïve ☃ fix" };
    sim.script({
      text: "Editing.",
      toolCalls: [
        { name: "edit", arguments: args, id: "call_edit" },
        { name: "ls", arguments: { path: "." } },
      ],
      argsChunkSize: 4,
    });
    const tools = [{ name: "edit", description: "Edit a file", parameters: Type.Object({ path: Type.String() }) }];
    const { types, snapshots, message, last } = await run(model(), context({ tools }));
    expect(last).toMatchObject({ type: "done", reason: "toolUse" });
    const firstCall = snapshots.filter((s) => s.contentIndex === 1);
    expect(firstCall[0].type).toBe("toolcall_start");
    const deltas = firstCall.filter((s) => s.type === "toolcall_delta");
    expect(deltas.map((d) => d.delta).join("")).toBe(JSON.stringify(args));
    // While streaming, `partial` holds the best parse of the arguments received so far.
    expectLiveArguments(deltas, 1);
    expect(firstCall.at(-1)).toMatchObject({
      type: "toolcall_end",
      toolCall: { type: "toolCall", id: "call_edit", name: "edit", arguments: args },
    });
    expect(types.filter((t) => t === "toolcall_start")).toHaveLength(2);
    expect(message.content).toEqual([
      { type: "text", text: "Editing." },
      { type: "toolCall", id: "call_edit", name: "edit", arguments: args },
      { type: "toolCall", id: expect.stringMatching(/^call_sim_/), name: "ls", arguments: { path: "." } },
    ]);
    expect(sim.requests[0].body.tools).toEqual([
      {
        type: "function",
        function: {
          name: "edit",
          description: "Edit a file",
          parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
        },
      },
    ]);
  });

  it("streams thinking from reasoning_content and reasoning, and asks for reasoning effort", async () => {
    sim.script({ thinking: "Plan first.", text: "Done." }, { thinking: "Other field.", text: "Ok.", reasoningField: "reasoning" });
    const reasoningModel = model({ reasoning: true, compat: { supportsDeveloperRole: true } });
    const first = await run(reasoningModel, context(), { thinkingLevel: "high" });
    expect(first.types.filter((t) => !t.endsWith("_delta"))).toEqual([
      "start",
      "thinking_start",
      "thinking_end",
      "text_start",
      "text_end",
      "done",
    ]);
    expect(joinedDeltas(first.events, "thinking_delta")).toBe("Plan first.");
    expect(first.message.content).toEqual([
      { type: "thinking", thinking: "Plan first." },
      { type: "text", text: "Done." },
    ]);
    expect(first.events.find((e) => e.type === "thinking_end")).toMatchObject({ contentIndex: 0, content: "Plan first." });
    expect(sim.requests[0].body.reasoning_effort).toBe("high");
    expect(sim.requests[0].body.messages[0].role).toBe("developer");
    const second = await run(model({ reasoning: true }), context(), { thinkingLevel: "off" });
    expect(second.message.content[0]).toEqual({ type: "thinking", thinking: "Other field." });
    expect(sim.requests[1].body.reasoning_effort).toBeUndefined();
    expect(sim.requests[1].body.messages[0].role).toBe("system"); // not OpenAI itself: stay safe
  });

  it("maps usage and computes cost", async () => {
    sim.script({ text: "x", usage: { input: 1000, output: 500, cacheRead: 200 } });
    const { message } = await run(model());
    expect(message.usage).toEqual({
      input: 1000,
      output: 500,
      cacheRead: 200,
      cacheWrite: 0,
      totalTokens: 1700,
      cost: { input: 0.002, output: 0.004, cacheRead: 0.0001, cacheWrite: 0, total: 0.0061 },
    });
  });

  it("aborts mid-text, keeping the partial text", async () => {
    sim.script({ text: "abcdefghij", chunkSize: 2, fault: { kind: "stall", afterChunks: 3 } });
    const controller = new AbortController();
    const { types, message, last, events } = await run(model(), context(), { signal: controller.signal }, (e) => {
      if (e.type === "text_delta") controller.abort();
    });
    expect(last).toMatchObject({ type: "error", reason: "aborted" });
    expect(types).not.toContain("text_end");
    // The message keeps exactly what was shown before the abort.
    const shown = joinedDeltas(events, "text_delta");
    expect("abcdef".startsWith(shown) && shown.length > 0).toBe(true);
    expect(message).toMatchObject({ stopReason: "aborted", errorMessage: "Request aborted", content: [{ type: "text", text: shown }] });
  });

  it("ends in an error event on HTTP errors, with the status and the API's message but never the key", async () => {
    sim.script(
      { fault: { kind: "status", status: 500 } },
      { fault: { kind: "status", status: 429, retryAfter: 3 } },
      { fault: { kind: "status", status: 401, body: { error: { message: "Incorrect API key provided: sk-test-key" } } } },
    );
    const server = await run(model());
    expect(server.types).toEqual(["error"]);
    expect(server.message).toMatchObject({ stopReason: "error", errorMessage: "HTTP 500: Internal server error (simulated)", content: [] });
    expect((await run(model())).message.errorMessage).toBe("HTTP 429: Rate limit exceeded (simulated)");
    const unauthorized = (await run(model())).message.errorMessage!;
    expect(unauthorized).toMatch(/^HTTP 401: Incorrect API key provided/);
    expect(unauthorized).not.toContain("sk-test-key");
  });

  it("ends in an error when the connection drops, the server is gone or the script ran out", async () => {
    sim.script({ text: "partial answer", chunkSize: 3, fault: { kind: "disconnect", afterChunks: 3 } });
    const dropped = await run(model());
    expect(dropped.types.slice(0, 2)).toEqual(["start", "text_start"]);
    expect(dropped.message).toMatchObject({ stopReason: "error", content: [{ type: "text", text: "partia" }] });
    expect(dropped.message.errorMessage).toMatch(/Network error: the connection closed mid-answer/);
    const empty = await run(model());
    expect(empty.message.errorMessage).toMatch(/HTTP 500: simulator script ran out/);
    const refused = await run(model({ baseUrl: "http://127.0.0.1:9/v1" }));
    expect(refused.message.errorMessage).toMatch(/Network error: connection failed \(connect ECONNREFUSED 127.0.0.1:9\)/);
  });

  it("does not complete a tool call whose arguments were cut off", async () => {
    sim.script({
      toolCalls: [{ name: "write", arguments: { path: "a.txt", content: "x".repeat(60) } }],
      argsChunkSize: 10,
      fault: { kind: "disconnect", afterChunks: 4 },
    });
    const { types, message } = await run(model());
    expect(types).not.toContain("toolcall_end");
    expect(types).toContain("toolcall_delta");
    expect(message.stopReason).toBe("error");
    expect(message.content[0]).toMatchObject({ type: "toolCall", name: "write", arguments: { path: "a.txt" } });
  });

  it("ends in an error on a malformed chunk, quoting it briefly", async () => {
    sim.script({ text: "hello world", fault: { kind: "malformed", afterChunks: 2 } });
    const { message, types } = await run(model());
    expect(types.at(-1)).toBe("error");
    expect(message.errorMessage).toMatch(/^Malformed chunk from the provider \(not JSON\): \{"id":"chatcmpl-sim-/);
  });

  it("lets transformPayload replace the body", async () => {
    sim.script({ text: "ok" });
    const seen: unknown[] = [];
    await run(model(), context(), {
      transformPayload: async (payload) => {
        seen.push(payload);
        return { ...(payload as object), temperature: 0.25, user: "tester" };
      },
    });
    expect(seen).toHaveLength(1);
    expect(sim.requests[0].body).toMatchObject({ temperature: 0.25, user: "tester", model: "sim-gpt" });
  });
});

describe("the plugin", () => {
  function setUp(services: Record<string, unknown>): ProviderDef {
    let provider: ProviderDef | undefined;
    const api = {
      register: {
        provider: (def: ProviderDef) => {
          provider = def;
        },
      },
      services: { has: (name: string) => name in services, use: (name: string) => services[name], get: (name: string) => services[name] },
    } as unknown as PluginApi;
    plugin.setup(api);
    return provider!;
  }

  it("registers openai-completions and takes the key from the models service", async () => {
    const provider = setUp({ models: { apiKey: async (m: Model) => `key-for-${m.provider}` } });
    expect(provider.api).toBe("openai-completions");
    sim.script({ text: "hi" }, { text: "again" });
    const events: AssistantMessageEvent[] = [];
    for await (const e of provider.stream(model(), context(), {})) events.push(e);
    expect(events.at(-1)).toMatchObject({ type: "done", message: { content: [{ type: "text", text: "hi" }] } });
    expect(sim.requests[0].headers.authorization).toBe("Bearer key-for-sim");
    for await (const e of provider.stream(model(), context(), { apiKey: "explicit" })) events.push(e);
    expect(sim.requests[1].headers.authorization).toBe("Bearer explicit");
  });

  it("sends no Authorization header without a key, and model headers always", async () => {
    const provider = setUp({});
    sim.script({ text: "hi" });
    for await (const _ of provider.stream(model({ headers: { "x-team": "kernel" } }), context(), {})) void _;
    expect(sim.requests[0].headers.authorization).toBeUndefined();
    expect(sim.requests[0].headers["x-team"]).toBe("kernel");
  });
});
