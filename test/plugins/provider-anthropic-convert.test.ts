// Anthropic's conversation, converted a message at a time as the body is written: the results of
// one turn's calls travel together in one user message, messages left empty are dropped without
// splitting such a run, the last block carries the cache breakpoint, and the written bytes are
// those of the array a reader of `body.messages` gets.
import { describe, expect, it } from "vitest";
import { type AssistantMessage, emptyUsage, type Message, type Model, type ToolResultMessage } from "pi-kernel";
import { jsonBody } from "../../lib/provider-kit/index.js";
import { buildBody } from "../../plugins/provider-anthropic/request.js";

const model: Model = {
  id: "claude-x",
  name: "Claude X",
  api: "anthropic-messages",
  provider: "anthropic",
  baseUrl: "https://api.anthropic.com",
  reasoning: false,
  input: ["text"],
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  contextWindow: 200_000,
  maxTokens: 8_192,
};
const assistant = (content: AssistantMessage["content"]): AssistantMessage => ({
  role: "assistant",
  content,
  api: "anthropic-messages",
  provider: "anthropic",
  model: "claude-x",
  usage: emptyUsage(),
  stopReason: "toolUse",
  timestamp: 1,
});
const call = (id: string) => ({ type: "toolCall" as const, id, name: "bash", arguments: { command: id } });
const result = (id: string, text: string): ToolResultMessage => ({
  role: "toolResult",
  toolCallId: id,
  toolName: "bash",
  content: [{ type: "text", text }],
  isError: false,
  timestamp: 1,
});
const written = (body: Record<string, unknown>) => Buffer.concat(jsonBody(body).chunks).toString("utf8");
const context = (messages: Message[]) => ({ systemPrompt: "sys", messages, tools: [] });

describe("anthropic conversion", () => {
  it("joins a turn's results, drops empty messages and marks the last block", () => {
    const messages: Message[] = [
      { role: "user", content: "go", timestamp: 1 },
      assistant([{ type: "text", text: "two calls" }, call("a"), call("b")]),
      result("a", "A"),
      result("b", "B"),
      assistant([call("c")]),
      result("c", "C"),
      { role: "user", content: "   ", timestamp: 1 }, // nothing to send: dropped
      assistant([{ type: "text", text: "done" }]),
    ];
    const text = written(buildBody(model, context(messages), {}));
    const body = buildBody(model, context(messages), {});
    const wire = body.messages as { role: string; content: Record<string, unknown>[] }[];
    expect(wire.map((m) => [m.role, m.content.map((b) => b.type).join(",")])).toEqual([
      ["user", "text"],
      ["assistant", "text,tool_use,tool_use"],
      ["user", "tool_result,tool_result"],
      ["assistant", "tool_use"],
      ["user", "tool_result"],
      ["assistant", "text"],
    ]);
    // Only the last block is marked.
    expect(wire.flatMap((m) => m.content).filter((b) => b.cache_control)).toEqual([
      { type: "text", text: "done", cache_control: { type: "ephemeral" } },
    ]);
    expect(text).toBe(JSON.stringify(body));
  });

  it("marks the last tool result of a long history, written lazily as JSON.stringify would", () => {
    const messages: Message[] = [{ role: "user", content: "go", timestamp: 1 }];
    for (let i = 0; i < 100; i++) messages.push(assistant([call(`c${i}`)]), result(`c${i}`, `out ${i}`));
    const text = written(buildBody(model, context(messages), {}));
    const body = buildBody(model, context(messages), {});
    const wire = body.messages as { role: string; content: Record<string, unknown>[] }[];
    expect(wire).toHaveLength(201);
    expect(wire.at(-1)?.content.at(-1)).toMatchObject({ type: "tool_result", tool_use_id: "c99", cache_control: { type: "ephemeral" } });
    expect(text).toBe(JSON.stringify(body));
  });
});
