import { describe, expect, it } from "vitest";
import { eventLine, toPiEvent } from "../../lib/mode-kit/index.js";

describe("pi event lines", () => {
  it("a message_update goes out as pi 0.86 sends it: the delta and usage, without the partial message", () => {
    const partial = { role: "assistant", content: [{ type: "text", text: 'héllo \u2028 "q"' }], usage: { input: 1 } };
    const event = {
      type: "message_update",
      message: partial,
      assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta: "o", partial },
    };
    const line = eventLine(toPiEvent(event)!);
    expect(line.endsWith("\n")).toBe(true);
    expect(JSON.parse(line)).toEqual({
      type: "message_update",
      usage: { input: 1 },
      assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta: "o" },
    });
  });

  it("a tool call's start names its id and tool; its end carries the complete call", () => {
    const call = { type: "toolCall", id: "call_1", name: "read", arguments: {} };
    const partial = { role: "assistant", content: [call], usage: { input: 1 } };
    const start = toPiEvent({
      type: "message_update",
      message: partial,
      assistantMessageEvent: { type: "toolcall_start", contentIndex: 0, partial },
    });
    expect(start).toEqual({
      type: "message_update",
      usage: { input: 1 },
      assistantMessageEvent: { type: "toolcall_start", contentIndex: 0, id: "call_1", toolName: "read" },
    });
    const done = { ...call, arguments: { path: "a" } };
    const end = toPiEvent({
      type: "message_update",
      message: partial,
      assistantMessageEvent: { type: "toolcall_end", contentIndex: 0, toolCall: done, partial },
    });
    expect(end?.assistantMessageEvent).toEqual({ type: "toolcall_end", contentIndex: 0, toolCall: done });
  });

  it("other events serialise as they are", () => {
    const event = { type: "turn_end", message: { role: "assistant" }, toolResults: [] };
    expect(eventLine(event)).toBe(`${JSON.stringify(event)}\n`);
  });

  it("keeps pi's event types (agent_settled too), maps thinking changes, drops kernel-internal ones", () => {
    expect(toPiEvent({ type: "agent_start" })).toEqual({ type: "agent_start" });
    expect(toPiEvent({ type: "agent_settled" })).toEqual({ type: "agent_settled" });
    expect(toPiEvent({ type: "thinking_level_select", level: "high", previousLevel: "low" })).toEqual({
      type: "thinking_level_changed",
      level: "high",
    });
    expect(toPiEvent({ type: "model_select", model: {} })).toBeUndefined();
  });
});
