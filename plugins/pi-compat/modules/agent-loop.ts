// pi-agent-core's agent loop, standalone (no kernel hooks): stream an assistant turn, run its tool
// calls, append the results, repeat until the model stops; steering and follow-up messages are
// pulled from the config's callbacks. Events are pi's AgentEvent shapes.
import type { AgentEvent, AgentMessage, AssistantMessage, Message, ToolResultMessage } from "../../../kernel/index.js";
import type { Context, StreamOptions } from "./ai-run.js";
import { streamSimple } from "./ai-run.js";
import { EventStream, type AssistantMessageEventStream } from "./ai-stream.js";
import { validateToolArguments } from "./ai-validate.js";

export interface AgentTool {
  name: string;
  description: string;
  parameters: object;
  label?: string;
  execute(
    id: string,
    params: unknown,
    signal?: AbortSignal,
    onUpdate?: (partial: unknown) => void,
  ): Promise<{ content: ToolResultMessage["content"]; details?: unknown }>;
}
export interface AgentContext {
  systemPrompt: string;
  messages: AgentMessage[];
  tools?: AgentTool[];
}
export interface AgentLoopConfig extends StreamOptions {
  model: Parameters<typeof streamSimple>[0];
  convertToLlm(messages: AgentMessage[]): Message[] | Promise<Message[]>;
  transformContext?(messages: AgentMessage[], signal?: AbortSignal): Promise<AgentMessage[]>;
  getApiKey?(provider: string): Promise<string | undefined> | string | undefined;
  getSteeringMessages?(): Promise<AgentMessage[]>;
  getFollowUpMessages?(): Promise<AgentMessage[]>;
}
export type StreamFn = (
  model: AgentLoopConfig["model"],
  context: Context,
  options?: StreamOptions,
) => AssistantMessageEventStream | Promise<AssistantMessageEventStream>;
type Emit = (event: AgentEvent) => Promise<void> | void;

let defaultStreamFn: StreamFn = streamSimple;
/** The stream function loops use when none is given (pi 1.x). */
export function setDefaultStreamFn(fn: StreamFn | undefined): void {
  defaultStreamFn = fn ?? streamSimple;
}

async function assistantTurn(
  ctx: AgentContext,
  config: AgentLoopConfig,
  emit: Emit,
  signal?: AbortSignal,
  streamFn = defaultStreamFn,
): Promise<AssistantMessage> {
  const messages = config.transformContext ? await config.transformContext(ctx.messages, signal) : ctx.messages;
  const llm = await config.convertToLlm(messages);
  const apiKey = (await config.getApiKey?.(config.model.provider)) ?? config.apiKey;
  const tools = ctx.tools?.map(({ name, description, parameters }) => ({ name, description, parameters })) as Context["tools"];
  const events = await streamFn(config.model, { systemPrompt: ctx.systemPrompt, messages: llm, tools }, { ...config, apiKey, signal });
  let started = false;
  for await (const event of events) {
    if (event.type === "done" || event.type === "error") break;
    if (!started && "partial" in event) {
      started = true;
      await emit({ type: "message_start", message: event.partial });
    }
    if ("partial" in event) await emit({ type: "message_update", message: event.partial, assistantMessageEvent: event });
  }
  const message = await events.result();
  if (!started) await emit({ type: "message_start", message });
  ctx.messages.push(message);
  await emit({ type: "message_end", message });
  return message;
}

/** Runs one tool call to its result message (a failure is an error result, as in pi). */
export async function runToolCall(
  tool: AgentTool | undefined,
  call: { id: string; name: string; arguments: unknown },
  emit: Emit,
  signal?: AbortSignal,
): Promise<ToolResultMessage> {
  await emit({ type: "tool_execution_start", toolCallId: call.id, toolName: call.name, args: call.arguments });
  let result: { content: ToolResultMessage["content"]; details?: unknown };
  let isError = false;
  try {
    if (!tool) throw new Error(`Tool ${call.name} not found`);
    const args = validateToolArguments(tool, call);
    const onUpdate = (partial: unknown) =>
      void emit({ type: "tool_execution_update", toolCallId: call.id, toolName: call.name, args: call.arguments, partialResult: partial });
    result = await tool.execute(call.id, args, signal, onUpdate);
  } catch (error) {
    isError = true;
    result = { content: [{ type: "text", text: error instanceof Error ? error.message : String(error) }], details: {} };
  }
  await emit({ type: "tool_execution_end", toolCallId: call.id, toolName: call.name, result, isError });
  return {
    role: "toolResult",
    toolCallId: call.id,
    toolName: call.name,
    content: result.content,
    details: result.details,
    isError,
    timestamp: Date.now(),
  } as ToolResultMessage;
}

async function push(ctx: AgentContext, emit: Emit, messages: AgentMessage[]): Promise<void> {
  for (const message of messages) {
    await emit({ type: "message_start", message });
    ctx.messages.push(message);
    await emit({ type: "message_end", message });
  }
}

async function loop(ctx: AgentContext, config: AgentLoopConfig, emit: Emit, signal?: AbortSignal, streamFn?: StreamFn): Promise<void> {
  let pending = (await config.getSteeringMessages?.()) ?? [];
  while (true) {
    await emit({ type: "turn_start" });
    await push(ctx, emit, pending);
    const message = await assistantTurn(ctx, config, emit, signal, streamFn);
    const results: ToolResultMessage[] = [];
    if (message.stopReason === "toolUse") {
      for (const call of message.content.filter((c) => c.type === "toolCall")) {
        const result = await runToolCall(
          ctx.tools?.find((t) => t.name === call.name),
          call,
          emit,
          signal,
        );
        results.push(result);
        await push(ctx, emit, [result]);
      }
    }
    await emit({ type: "turn_end", message, toolResults: results });
    if (message.stopReason === "error" || message.stopReason === "aborted") return;
    pending = (await config.getSteeringMessages?.()) ?? [];
    if (results.length || pending.length) continue;
    pending = (await config.getFollowUpMessages?.()) ?? [];
    if (!pending.length) return;
  }
}

export async function runAgentLoop(
  prompts: AgentMessage[],
  ctx: AgentContext,
  config: AgentLoopConfig,
  emit: Emit,
  signal?: AbortSignal,
  streamFn?: StreamFn,
): Promise<AgentMessage[]> {
  const start = ctx.messages.length;
  await emit({ type: "agent_start" });
  await emit({ type: "turn_start" });
  await push(ctx, emit, prompts);
  await loopAfterPrompt(ctx, config, emit, signal, streamFn);
  const added = ctx.messages.slice(start);
  await emit({ type: "agent_end", messages: added });
  return added;
}

// The first turn_start is already sent with the prompts; later turns send their own.
async function loopAfterPrompt(
  ctx: AgentContext,
  config: AgentLoopConfig,
  emit: Emit,
  signal?: AbortSignal,
  streamFn?: StreamFn,
): Promise<void> {
  let first = true;
  await loop(ctx, config, (e) => (first && e.type === "turn_start" ? void (first = false) : emit(e)), signal, streamFn);
}

export async function runAgentLoopContinue(
  ctx: AgentContext,
  config: AgentLoopConfig,
  emit: Emit,
  signal?: AbortSignal,
  streamFn?: StreamFn,
): Promise<AgentMessage[]> {
  if (!ctx.messages.length) throw new Error("Cannot continue: no messages in context");
  const start = ctx.messages.length;
  await emit({ type: "agent_start" });
  await loop(ctx, config, emit, signal, streamFn);
  const added = ctx.messages.slice(start);
  await emit({ type: "agent_end", messages: added });
  return added;
}

function asStream(run: (emit: Emit) => Promise<AgentMessage[]>): EventStream<AgentEvent, AgentMessage[]> {
  const out = new EventStream<AgentEvent, AgentMessage[]>(
    (e) => e.type === "agent_end",
    (e) => (e as { messages: AgentMessage[] }).messages,
  );
  run((e) => out.push(e))
    .then(
      (messages) => out.end(messages),
      (error: unknown) => {
        out.end([]);
        throw error;
      },
    )
    .catch(() => undefined);
  return out;
}

export function agentLoop(prompts: AgentMessage[], ctx: AgentContext, config: AgentLoopConfig, signal?: AbortSignal, streamFn?: StreamFn) {
  return asStream((emit) => runAgentLoop(prompts, { ...ctx, messages: [...ctx.messages] }, config, emit, signal, streamFn));
}
export function agentLoopContinue(ctx: AgentContext, config: AgentLoopConfig, signal?: AbortSignal, streamFn?: StreamFn) {
  return asStream((emit) => runAgentLoopContinue({ ...ctx, messages: [...ctx.messages] }, config, emit, signal, streamFn));
}
