// pi's two nested loops. Outer: follow-up messages. Inner: stream an assistant message, run its
// tool calls, feed results back, take steering messages, repeat until no tool calls remain.
// The loop never throws: every failure becomes a message the caller and the model can see.
import type { Hooks } from "./hooks.js";
import { errorText } from "./errors.js";
import type { SchemaValidator } from "./schema.js";
import type {
  AgentEvent, AgentMessage, AssistantMessage, Message, Model, ProviderDef, ThinkingLevel, ToolDef,
  ToolResultMessage,
} from "./types.js";
import { emptyUsage } from "./results.js";
import { executeToolCalls } from "./tool-exec.js";

/** What one turn runs against: the plugin generation current when the turn began. */
export interface TurnRuntime {
  hooks: Hooks;
  provider(api: string): ProviderDef | undefined;
  /** The tools the model may call in this turn. */
  tools: ToolDef[];
  /** Reads them again from the live registry. */
  selectTools(): ToolDef[];
  validator: SchemaValidator;
}

export interface LoopState {
  messages: AgentMessage[];
  model?: Model;
  thinkingLevel: ThinkingLevel;
  cwd: string;
  sessionId: string;
}

export interface LoopDeps {
  state: LoopState;
  signal: AbortSignal;
  /** Waits out a pending plugin swap, then pins the current generation for one turn. */
  enterTurn(): Promise<TurnRuntime>;
  leaveTurn(): void;
  takeSteering(): AgentMessage[];
  takeFollowUp(): AgentMessage[];
  emit(event: AgentEvent): void;
}

export async function runLoop(prompts: AgentMessage[], d: LoopDeps): Promise<void> {
  const added: AgentMessage[] = [];
  const push = async (rt: TurnRuntime, finished: AgentMessage): Promise<AgentMessage> => {
    const message = await rt.hooks.messageEnd.promise(finished);
    d.state.messages.push(message);
    added.push(message);
    d.emit({ type: "message_end", message });
    return message;
  };
  d.emit({ type: "agent_start" });
  let pending = prompts;
  outer: for (;;) {
    let moreToolCalls = true;
    while (moreToolCalls || pending.length > 0) {
      const rt = await d.enterTurn();
      try {
        d.emit({ type: "turn_start" });
        for (const message of pending) {
          d.emit({ type: "message_start", message });
          await push(rt, message);
        }
        pending = [];
        const message = (await push(rt, await streamAssistant(rt, d))) as AssistantMessage;
        if (message.stopReason === "error" || message.stopReason === "aborted") {
          d.emit({ type: "turn_end", message, toolResults: [] });
          break outer;
        }
        const calls = message.content.filter((c) => c.type === "toolCall");
        const batch = await executeToolCalls(rt, d, calls, message.stopReason === "length");
        const toolResults: ToolResultMessage[] = [];
        for (const result of batch.results) {
          d.emit({ type: "message_start", message: result });
          toolResults.push((await push(rt, result)) as ToolResultMessage);
        }
        moreToolCalls = calls.length > 0 && !batch.terminate;
        d.emit({ type: "turn_end", message, toolResults });
        pending = batch.steering.length > 0 ? batch.steering : d.takeSteering();
      } finally {
        d.leaveTurn();
      }
    }
    pending = d.takeFollowUp();
    if (pending.length === 0) break;
  }
  d.emit({ type: "agent_end", messages: added });
}

async function streamAssistant(rt: TurnRuntime, d: LoopDeps): Promise<AssistantMessage> {
  const { model } = d.state;
  // A failure before any stream still starts its message: a UI draws an assistant message from its start.
  if (!model) return announce(d, failure(undefined, NO_MODEL));
  const provider = rt.provider(model.api);
  if (!provider) return announce(d, failure(model, `No provider plugin handles api "${model.api}" (model ${model.provider}/${model.id}).`));
  let final: AssistantMessage | undefined;
  let started = false;
  try {
    const systemPrompt = await rt.hooks.systemPrompt.promise("", { cwd: d.state.cwd, tools: rt.tools, model });
    const messages = (await rt.hooks.context.promise([...d.state.messages], { model })).filter(isLlmMessage);
    if (d.signal.aborted) return announce(d, failure(model, "Request aborted", "aborted"));
    // A tool registered while the request was prepared (pi's before_agent_start) is in it.
    rt.tools = rt.selectTools();
    const tools = rt.tools.map(({ name, description, parameters }) => ({ name, description, parameters }));
    const stream = provider.stream(model, { systemPrompt, messages, tools }, {
      signal: d.signal,
      thinkingLevel: d.state.thinkingLevel,
      sessionId: d.state.sessionId,
      transformPayload: (payload) => rt.hooks.providerRequest.promise(payload, { model }),
      // Only when someone listens, so an unobserved stream pays nothing.
      onResponse: rt.hooks.providerResponse.taps.length ? (r) => rt.hooks.providerResponse.promise(r, { model }) : undefined,
    });
    for await (const event of stream) {
      if (event.type === "start") {
        started = true;
        d.emit({ type: "message_start", message: event.partial });
      } else if (event.type === "done") final = event.message;
      else if (event.type === "error") final = event.error;
      else d.emit({ type: "message_update", message: event.partial, assistantMessageEvent: event });
    }
  } catch (error) {
    // Providers should not throw, but a plugin bug must not take the loop down with it.
    final = failure(model, errorText(error), d.signal.aborted ? "aborted" : "error");
  }
  final ??= failure(model, d.signal.aborted ? "Request aborted" : "Provider stream ended without a result",
    d.signal.aborted ? "aborted" : "error");
  if (!started) d.emit({ type: "message_start", message: final });
  return final;
}

const LLM_ROLES = new Set(["user", "assistant", "toolResult"]);
function isLlmMessage(m: AgentMessage): m is Message {
  return LLM_ROLES.has(m.role);
}

const NO_MODEL =
  "No model selected. Sign in with /login, set a provider's API key (ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY, ...), " +
  "describe a server in models.json, or start a local server (Ollama, llama.cpp, LM Studio, vLLM); then pick it with /model.";

function announce(d: LoopDeps, message: AssistantMessage): AssistantMessage {
  d.emit({ type: "message_start", message });
  return message;
}

function failure(model: Model | undefined, errorMessage: string, stopReason: "error" | "aborted" = "error"): AssistantMessage {
  return {
    role: "assistant", content: [], api: model?.api ?? "", provider: model?.provider ?? "", model: model?.id ?? "",
    usage: emptyUsage(), stopReason, errorMessage, timestamp: Date.now(),
  };
}
