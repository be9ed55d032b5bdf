// Builds the assistant message from stream deltas and reports each change as a pi event. One
// block is open at a time: a delta of another kind (or another tool call) closes it first.
import { randomUUID } from "node:crypto";
import { parse as parsePartialJson } from "partial-json";
import type {
  AssistantMessage, AssistantMessageEvent, Model, StopReason, TextContent, ThinkingContent, ToolCall,
} from "pi-kernel";
import { emptyUsage } from "./usage.js";

/** One tool-call fragment as chat completions streams it. */
export interface WireToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

type OpenBlock =
  | { kind: "text"; index: number; block: TextContent }
  | { kind: "thinking"; index: number; block: ThinkingContent }
  | { kind: "toolCall"; index: number; block: ToolCall; wireIndex?: number; json: string };

type Events = AssistantMessageEvent[];

export class MessageAssembler {
  readonly message: AssistantMessage;
  private open: OpenBlock | undefined;

  constructor(model: Model) {
    this.message = {
      role: "assistant", content: [], api: model.api, provider: model.provider, model: model.id,
      usage: emptyUsage(), stopReason: "stop", timestamp: Date.now(),
    };
  }

  start(): AssistantMessageEvent {
    return { type: "start", partial: this.message };
  }

  text(delta: string): Events {
    const events = this.open?.kind === "text" ? [] : this.begin({ type: "text", text: "" }, "text");
    const open = this.open as Extract<OpenBlock, { kind: "text" }>;
    open.block.text += delta;
    events.push({ type: "text_delta", contentIndex: open.index, delta, partial: this.message });
    return events;
  }

  thinking(delta: string): Events {
    const events = this.open?.kind === "thinking" ? [] : this.begin({ type: "thinking", thinking: "" }, "thinking");
    const open = this.open as Extract<OpenBlock, { kind: "thinking" }>;
    open.block.thinking += delta;
    events.push({ type: "thinking_delta", contentIndex: open.index, delta, partial: this.message });
    return events;
  }

  toolCall(wire: WireToolCallDelta): Events {
    const events = this.continuesToolCall(wire) ? [] : this.beginToolCall(wire);
    const open = this.open as Extract<OpenBlock, { kind: "toolCall" }>;
    if (wire.function?.name && !open.block.name) open.block.name = wire.function.name;
    const fragment = wire.function?.arguments ?? "";
    if (fragment) {
      open.json += fragment;
      open.block.arguments = bestEffortArguments(open.json, open.block.arguments);
      events.push({ type: "toolcall_delta", contentIndex: open.index, delta: fragment, partial: this.message });
    }
    return events;
  }

  /** Ends the open block, if any. */
  close(): Events {
    const open = this.open;
    this.open = undefined;
    if (!open) return [];
    const base = { contentIndex: open.index, partial: this.message };
    if (open.kind === "text") return [{ type: "text_end", ...base, content: open.block.text }];
    if (open.kind === "thinking") return [{ type: "thinking_end", ...base, content: open.block.thinking }];
    open.block.arguments = finalArguments(open.json);
    return [{ type: "toolcall_end", ...base, toolCall: open.block }];
  }

  hasToolCalls(): boolean {
    return this.message.content.some((c) => c.type === "toolCall");
  }

  /** Closes the open block and finishes the message. */
  done(reason: "stop" | "length" | "toolUse"): Events {
    const events = this.close();
    this.message.stopReason = reason;
    events.push({ type: "done", reason, message: this.message });
    return events;
  }

  /**
   * Ends in failure, keeping what arrived. Open blocks get no end event: an unfinished tool call
   * stays in the partial message but never counts as a completed call.
   */
  fail(reason: Extract<StopReason, "error" | "aborted">, errorMessage: string): AssistantMessageEvent {
    this.open = undefined;
    this.message.stopReason = reason;
    this.message.errorMessage = errorMessage;
    return { type: "error", reason, error: this.message };
  }

  private continuesToolCall(wire: WireToolCallDelta): boolean {
    const open = this.open;
    if (open?.kind !== "toolCall") return false;
    if (wire.id && wire.id !== open.block.id) return false;
    return wire.index === undefined || open.wireIndex === undefined || wire.index === open.wireIndex;
  }

  private beginToolCall(wire: WireToolCallDelta): Events {
    // Some OpenAI-compatible servers omit the id; the call still needs one to pair its result.
    const block: ToolCall = { type: "toolCall", id: wire.id || `call_${randomUUID().slice(0, 8)}`, name: wire.function?.name ?? "", arguments: {} };
    const events = this.close();
    this.message.content.push(block);
    this.open = { kind: "toolCall", index: this.message.content.length - 1, block, wireIndex: wire.index, json: "" };
    events.push({ type: "toolcall_start", contentIndex: this.open.index, partial: this.message });
    return events;
  }

  private begin(block: TextContent | ThinkingContent, kind: "text" | "thinking"): Events {
    const events = this.close();
    this.message.content.push(block);
    const index = this.message.content.length - 1;
    this.open = kind === "text" ? { kind, index, block: block as TextContent } : { kind, index, block: block as ThinkingContent };
    events.push({ type: kind === "text" ? "text_start" : "thinking_start", contentIndex: index, partial: this.message });
    return events;
  }
}

/** The most complete arguments object the JSON so far allows, for live previews. */
function bestEffortArguments(json: string, previous: Record<string, unknown>): Record<string, unknown> {
  try {
    const value = parsePartialJson(json);
    return isRecord(value) ? value : previous;
  } catch {
    return previous;
  }
}

// A complete stream should carry valid JSON; if the model produced junk, the salvageable part is
// still better than nothing and the tool's argument validation reports the rest to the model.
function finalArguments(json: string): Record<string, unknown> {
  if (json.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(json);
    return isRecord(value) ? value : {};
  } catch {
    return bestEffortArguments(json, {});
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
