// An in-process provider plugin that answers from a script, for kernel tests that need exact
// control over timing (a gate between chunks, a pause mid-stream). Wire formats are tested
// against the HTTP simulator instead.
import type {
  AssistantMessage,
  AssistantMessageEvent,
  LlmContext,
  Model,
  PluginDef,
  ProviderDef,
  StreamOptions,
  ToolCall,
} from "../../kernel/index.js";
import { definePlugin } from "../../kernel/index.js";
import { emptyAssistantMessage } from "../../lib/provider-kit/index.js";

export interface ScriptedTurn {
  text?: string;
  toolCalls?: { name: string; arguments: Record<string, unknown>; id?: string }[];
  /** Pause between chunks (ms). */
  chunkDelayMs?: number;
  /** Resolved before streaming begins (lets a test hold the turn open). */
  gate?: Promise<void>;
  /** Throw instead of streaming (a buggy provider). */
  throwError?: string;
}

export interface ScriptedProvider {
  plugin: PluginDef;
  model: Model;
  /** Every context the provider received, in order. */
  requests: LlmContext[];
  push(...turns: ScriptedTurn[]): void;
}

export function scriptedProvider(): ScriptedProvider {
  const turns: ScriptedTurn[] = [];
  const requests: LlmContext[] = [];
  const model: Model = {
    id: "scripted",
    name: "Scripted",
    api: "scripted",
    provider: "test",
    baseUrl: "",
    reasoning: false,
    input: ["text"],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: 100_000,
    maxTokens: 1000,
  };
  const provider: ProviderDef = {
    api: "scripted",
    stream: (m, context, options) => {
      requests.push(structuredClone(context));
      return play(m, turns.shift() ?? { text: "(script ended)" }, options);
    },
  };
  return {
    plugin: definePlugin({ name: "scripted-provider", setup: (api) => api.register.provider(provider) }),
    model,
    requests,
    push: (...t) => turns.push(...t),
  };
}

async function* play(model: Model, turn: ScriptedTurn, options: StreamOptions): AsyncGenerator<AssistantMessageEvent> {
  const partial: AssistantMessage = emptyAssistantMessage(model, "stop");
  const snapshot = () => structuredClone(partial);
  const aborted = () => options.signal?.aborted;
  const stop = (): AssistantMessageEvent => {
    partial.stopReason = "aborted";
    partial.errorMessage = "Request was aborted";
    return { type: "error", reason: "aborted", error: snapshot() };
  };
  await turn.gate;
  if (turn.throwError) throw new Error(turn.throwError);
  yield { type: "start", partial: snapshot() };
  if (turn.text !== undefined) {
    const index = partial.content.push({ type: "text", text: "" }) - 1;
    yield { type: "text_start", contentIndex: index, partial: snapshot() };
    for (const word of turn.text.split(/(?<= )/)) {
      await sleep(turn.chunkDelayMs ?? 0);
      if (aborted()) return yield stop();
      (partial.content[index] as { text: string }).text += word;
      yield { type: "text_delta", contentIndex: index, delta: word, partial: snapshot() };
    }
    yield { type: "text_end", contentIndex: index, content: turn.text, partial: snapshot() };
  }
  for (const [i, call] of (turn.toolCalls ?? []).entries()) {
    await sleep(turn.chunkDelayMs ?? 0);
    if (aborted()) return yield stop();
    const toolCall: ToolCall = { type: "toolCall", id: call.id ?? `call_${i}`, name: call.name, arguments: call.arguments };
    const index = partial.content.push(toolCall) - 1;
    yield { type: "toolcall_start", contentIndex: index, partial: snapshot() };
    yield { type: "toolcall_end", contentIndex: index, toolCall, partial: snapshot() };
  }
  partial.stopReason = turn.toolCalls?.length ? "toolUse" : "stop";
  yield { type: "done", reason: partial.stopReason as "stop" | "toolUse", message: snapshot() };
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve();
}
