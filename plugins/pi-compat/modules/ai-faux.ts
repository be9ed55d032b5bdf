// pi-ai's faux provider for tests and demos: scripted assistant messages replayed as a stream
// (one delta per block) through an api provider registered in this module's registry.
import type { AssistantMessage, AssistantMessageEvent, Model } from "../../../kernel/index.js";
import { emptyUsage } from "../../../lib/provider-kit/index.js";
import { registerApiProvider, unregisterApiProviders, type Context, type StreamOptions } from "./ai-run.js";
import { AssistantMessageEventStream } from "./ai-stream.js";

type Block = AssistantMessage["content"][number];
type Step =
  | AssistantMessage
  | ((
      context: Context,
      options: StreamOptions | undefined,
      state: { callCount: number },
      model: Model,
    ) => AssistantMessage | Promise<AssistantMessage>);

const randomId = (prefix: string) => `${prefix}:${Date.now()}:${Math.random().toString(36).slice(2)}`;

export const fauxText = (text: string) => ({ type: "text" as const, text });
export const fauxThinking = (thinking: string) => ({ type: "thinking" as const, thinking });
export function fauxToolCall(name: string, args: Record<string, unknown>, options: { id?: string } = {}) {
  return { type: "toolCall" as const, id: options.id ?? randomId("tool"), name, arguments: args };
}

export function fauxAssistantMessage(
  content: string | Block | Block[],
  options: { stopReason?: AssistantMessage["stopReason"]; errorMessage?: string; responseId?: string; timestamp?: number } = {},
): AssistantMessage {
  return {
    role: "assistant",
    content: typeof content === "string" ? [fauxText(content)] : Array.isArray(content) ? content : [content],
    api: "faux",
    provider: "faux",
    model: "faux-1",
    usage: emptyUsage(),
    stopReason: options.stopReason ?? "stop",
    errorMessage: options.errorMessage,
    responseId: options.responseId,
    timestamp: options.timestamp ?? Date.now(),
  } as AssistantMessage;
}

function replay(out: AssistantMessageEventStream, message: AssistantMessage): void {
  const partial: AssistantMessage = { ...message, content: [] };
  out.push({ type: "start", partial });
  message.content.forEach((block, contentIndex) => {
    partial.content.push(block);
    const events: AssistantMessageEvent[] =
      block.type === "text"
        ? [
            { type: "text_start", contentIndex, partial },
            { type: "text_delta", contentIndex, delta: block.text, partial },
            { type: "text_end", contentIndex, content: block.text, partial },
          ]
        : block.type === "thinking"
          ? [
              { type: "thinking_start", contentIndex, partial },
              { type: "thinking_delta", contentIndex, delta: block.thinking, partial },
              { type: "thinking_end", contentIndex, content: block.thinking, partial },
            ]
          : [
              { type: "toolcall_start", contentIndex, partial },
              { type: "toolcall_delta", contentIndex, delta: JSON.stringify(block.arguments), partial },
              { type: "toolcall_end", contentIndex, toolCall: block, partial },
            ];
    for (const e of events) out.push(e);
  });
  if (message.stopReason === "error" || message.stopReason === "aborted")
    out.push({ type: "error", reason: message.stopReason, error: message });
  else out.push({ type: "done", reason: message.stopReason as "stop" | "length" | "toolUse", message });
}

export interface FauxModelDefinition {
  id: string;
  name?: string;
  reasoning?: boolean;
  input?: ("text" | "image")[];
  cost?: Model["cost"];
  contextWindow?: number;
  maxTokens?: number;
}

export function registerFauxProvider(options: { api?: string; provider?: string; models?: FauxModelDefinition[] } = {}) {
  const api = options.api ?? randomId("faux");
  const provider = options.provider ?? "faux";
  const sourceId = randomId("faux-provider");
  const state = { callCount: 0 };
  let pending: Step[] = [];
  const definitions = options.models?.length ? options.models : [{ id: "faux-1", name: "Faux Model" }];
  const models: Model[] = definitions.map((d) => ({
    id: d.id,
    name: d.name ?? d.id,
    api,
    provider,
    baseUrl: "http://localhost:0",
    reasoning: d.reasoning ?? false,
    input: d.input ?? ["text", "image"],
    cost: d.cost ?? { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: d.contextWindow ?? 128000,
    maxTokens: d.maxTokens ?? 16384,
  }));
  const stream = (model: Model, context: Context, streamOptions?: StreamOptions) => {
    const out = new AssistantMessageEventStream();
    const step = pending.shift();
    state.callCount++;
    queueMicrotask(async () => {
      try {
        if (!step) throw new Error("No more faux responses queued");
        const resolved = typeof step === "function" ? await step(context, streamOptions, state, model) : step;
        replay(out, { ...structuredClone(resolved), api, provider, model: model.id });
      } catch (error) {
        const message = fauxAssistantMessage([], {
          stopReason: "error",
          errorMessage: error instanceof Error ? error.message : String(error),
        });
        out.push({ type: "error", reason: "error", error: { ...message, api, provider, model: model.id } });
      }
      out.end();
    });
    return out;
  };
  registerApiProvider({ api, stream, streamSimple: stream }, sourceId);
  return {
    api,
    models,
    state,
    getModel: (id?: string) => (id ? models.find((m) => m.id === id) : models[0]),
    setResponses: (responses: Step[]) => void (pending = [...responses]),
    appendResponses: (responses: Step[]) => void pending.push(...responses),
    getPendingResponseCount: () => pending.length,
    unregister: () => unregisterApiProviders(sourceId),
  };
}
