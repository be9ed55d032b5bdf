// Builds the assistant message from stream deltas and reports each change as a pi event. One
// block is open at a time: a delta of another kind (or a new tool call) closes the open one first.
// Every wire format maps onto these few calls, so the event protocol is the same for all of them.
import type { AssistantMessage, AssistantMessageEvent, Model, StopReason, TextContent, ThinkingContent, ToolCall } from "pi-kernel";
import { bestEffortArguments, finalArguments } from "./arguments.js";
import { emptyAssistantMessage } from "./assistant-message.js";

type OpenBlock =
  | { kind: "text"; index: number; block: TextContent }
  | { kind: "thinking"; index: number; block: ThinkingContent }
  | { kind: "toolCall"; index: number; block: ToolCall; key?: string | number; json: string };

export type Events = AssistantMessageEvent[];

type DeltaEvent = Extract<AssistantMessageEvent, { type: "text_delta" | "thinking_delta" }>;

/** What a delta joining an earlier event of its read returns: no event of its own. */
const JOINED: Events = Object.freeze([]) as unknown as Events;

/**
 * A read's run of text (or thinking) deltas on one block: one event whose `delta` becomes their
 * joined text, appended to the block once. A long answer is one delta per token, and an event
 * object, an array and a longer block string per token were most of the work of assembling it.
 * Listeners see the same text in fewer, larger deltas, as a slower network would give them.
 */
class DeltaRun {
  private pieces: string[] | undefined;

  constructor(
    private readonly event: DeltaEvent,
    readonly block: TextContent | ThinkingContent,
  ) {}

  add(delta: string): Events {
    if (this.pieces) this.pieces.push(delta);
    else this.pieces = [this.event.delta, delta];
    return JOINED;
  }

  /** Gives the event its whole text and appends that to the block. */
  end(): void {
    if (this.pieces) this.event.delta = this.pieces.join("");
    if (this.block.type === "text") this.block.text += this.event.delta;
    else this.block.thinking += this.event.delta;
  }
}

export class MessageAssembler {
  readonly message: AssistantMessage;
  private open: OpenBlock | undefined;
  private argumentsStale = false;
  /** The open block's delta event of this read, which later deltas of the read join. */
  private run: DeltaRun | undefined;

  constructor(model: Model) {
    this.message = emptyAssistantMessage(model, "stop");
  }

  start(): AssistantMessageEvent {
    return { type: "start", partial: this.message };
  }

  text(delta: string): Events {
    const run = this.run;
    if (run?.block.type === "text") return run.add(delta);
    const events = this.open?.kind === "text" ? [] : this.begin({ type: "text", text: "" });
    const open = this.open as Extract<OpenBlock, { kind: "text" }>;
    const event: DeltaEvent = { type: "text_delta", contentIndex: open.index, delta, partial: this.message };
    this.run = new DeltaRun(event, open.block);
    events.push(event);
    return events;
  }

  thinking(delta: string): Events {
    const run = this.run;
    if (run?.block.type === "thinking") return run.add(delta);
    const events = this.open?.kind === "thinking" ? [] : this.begin({ type: "thinking", thinking: "" });
    const open = this.open as Extract<OpenBlock, { kind: "thinking" }>;
    const event: DeltaEvent = { type: "thinking_delta", contentIndex: open.index, delta, partial: this.message };
    this.run = new DeltaRun(event, open.block);
    events.push(event);
    return events;
  }

  /** Opens a thinking block even before any text (encrypted reasoning may have none). */
  beginThinking(): Events {
    return this.open?.kind === "thinking" ? [] : this.begin({ type: "thinking", thinking: "" });
  }

  /** Opens a text block with no text yet (an API announcing a block before its deltas). */
  beginText(): Events {
    return this.open?.kind === "text" ? [] : this.begin({ type: "text", text: "" });
  }

  /** The open block, for attaching signatures (thinking signatures, encrypted reasoning, ids). */
  current(): TextContent | ThinkingContent | ToolCall | undefined {
    this.endRun(); // the caller may read the block's text
    return this.open?.block;
  }

  /** The most recent block of a kind, open or closed (signatures may arrive after the block). */
  last<K extends "text" | "thinking" | "toolCall">(type: K): Extract<AssistantMessage["content"][number], { type: K }> | undefined {
    this.endRun();
    for (let i = this.message.content.length - 1; i >= 0; i--) {
      const block = this.message.content[i];
      if (block.type === type) return block as Extract<AssistantMessage["content"][number], { type: K }>;
    }
    return undefined;
  }

  /** A complete redacted thinking block (Anthropic's `redacted_thinking`): opaque, replayed as is. */
  redactedThinking(signature: string): Events {
    const events = this.begin({ type: "thinking", thinking: "", thinkingSignature: signature, redacted: true });
    events.push(...this.close());
    return events;
  }

  /** Starts a tool call; `key` tells its later fragments apart from other calls' (wire index, item id). */
  beginToolCall(id: string, name: string, key?: string | number): Events {
    const block: ToolCall = { type: "toolCall", id, name, arguments: {} };
    const events = this.close();
    this.message.content.push(block);
    this.open = { kind: "toolCall", index: this.message.content.length - 1, block, key, json: "" };
    events.push({ type: "toolcall_start", contentIndex: this.open.index, partial: this.message });
    return events;
  }

  /** Whether the open block is the tool call with this key (any call when the key is unknown). */
  inToolCall(key?: string | number): boolean {
    const open = this.open;
    return open?.kind === "toolCall" && (key === undefined || open.key === undefined || open.key === key);
  }

  /**
   * Appends a fragment of the open tool call's JSON arguments. The partial parse waits for
   * `settle()` (once per network read): parsing the growing JSON on every fragment is
   * quadratic in the arguments' size, and a `write` of a large file streams thousands of them.
   */
  toolCallArguments(fragment: string): Events {
    const open = this.open;
    if (open?.kind !== "toolCall" || fragment === "") return [];
    open.json += fragment;
    this.argumentsStale = true;
    return [{ type: "toolcall_delta", contentIndex: open.index, delta: fragment, partial: this.message }];
  }

  /**
   * Brings the message up to date before a read's events are handed on: the open block gets the
   * text of this read's deltas, and the open tool call the best parse of its arguments so far.
   */
  settle(): void {
    this.endRun();
    const open = this.open;
    if (!this.argumentsStale || open?.kind !== "toolCall") return;
    open.block.arguments = bestEffortArguments(open.json, open.block.arguments);
    this.argumentsStale = false;
  }

  /** Ends the open block, if any. */
  close(): Events {
    this.endRun();
    const open = this.open;
    this.open = undefined;
    if (!open) return [];
    const base = { contentIndex: open.index, partial: this.message };
    if (open.kind === "text") return [{ type: "text_end", ...base, content: open.block.text }];
    if (open.kind === "thinking") return [{ type: "thinking_end", ...base, content: open.block.thinking }];
    this.argumentsStale = false;
    const final = finalArguments(open.json);
    open.block.arguments = final.arguments;
    if (final.error) open.block.invalidArguments = final.error;
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
    this.endRun();
    this.open = undefined;
    this.message.stopReason = reason;
    this.message.errorMessage = errorMessage;
    return { type: "error", reason, error: this.message };
  }

  private endRun(): void {
    this.run?.end();
    this.run = undefined;
  }

  private begin(block: TextContent | ThinkingContent): Events {
    const events = this.close();
    this.message.content.push(block);
    const index = this.message.content.length - 1;
    this.open = block.type === "text" ? { kind: "text", index, block } : { kind: "thinking", index, block };
    events.push({ type: block.type === "text" ? "text_start" : "thinking_start", contentIndex: index, partial: this.message });
    return events;
  }
}
