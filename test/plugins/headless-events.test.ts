import { describe, expect, it } from "vitest";
import { eventLine, toPiEvent } from "../../lib/mode-kit/index.js";

describe("pi event lines", () => {
  it("a message_update line parses to exactly the event, with the partial serialised once", () => {
    const partial = { role: "assistant", content: [{ type: "text", text: 'héllo \u2028 "q"' }], usage: { input: 1 } };
    const event = {
      type: "message_update",
      message: partial,
      assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta: "o", partial },
    };
    const line = eventLine(event);
    expect(line.endsWith("\n")).toBe(true);
    expect(JSON.parse(line)).toEqual(JSON.parse(JSON.stringify(event)));
    const start = { type: "message_update", message: partial, assistantMessageEvent: { type: "start", partial } };
    expect(JSON.parse(eventLine(start))).toEqual(JSON.parse(JSON.stringify(start)));
  });

  it("other events serialise as they are", () => {
    const event = { type: "turn_end", message: { role: "assistant" }, toolResults: [] };
    expect(eventLine(event)).toBe(`${JSON.stringify(event)}\n`);
  });

  it("keeps pi's event types, maps thinking changes, drops kernel-internal ones", () => {
    expect(toPiEvent({ type: "agent_start" })).toEqual({ type: "agent_start" });
    expect(toPiEvent({ type: "thinking_level_select", level: "high", previousLevel: "low" })).toEqual({
      type: "thinking_level_changed",
      level: "high",
    });
    expect(toPiEvent({ type: "model_select", model: {} })).toBeUndefined();
  });
});
