// What reaches a provider from a resumed pi 0.86 conversation: `system` records (pi's prompt and
// tool declarations, a compaction checkpoint) and an assistant message without content parts are
// left out of the replay every provider builds its request from, instead of breaking it.
import { describe, expect, it } from "vitest";
import type { Message, Model } from "../../kernel/index.js";
import { prepareReplay } from "../../lib/provider-kit/index.js";
import { convertToLlm } from "../../lib/session-kit/index.js";

const model = { id: "sim-model", provider: "llmsim-openai", api: "openai-completions" } as Model;
const usage = {
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};
const said = (text: string) =>
  ({
    role: "assistant",
    content: [{ type: "text", text }],
    api: "openai-completions",
    provider: "llmsim-openai",
    model: "sim-model",
    usage,
    stopReason: "stop",
    timestamp: 2,
  }) as Message;
const system = { role: "system", content: "You are a coding assistant.", toolsAdded: [], timestamp: 1 } as unknown as Message;
const question = { role: "user", content: "hi", timestamp: 1 } as Message;

describe("system messages in a resumed conversation", () => {
  it("the session's conversion drops them before any provider sees them", () => {
    expect(convertToLlm([system, question, said("hello")]).map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("the providers' shared replay skips them, and assistant content that is not parts, if they get that far", () => {
    const stringy = { ...said("x"), content: "a string" } as unknown as Message;
    expect(prepareReplay([system, question, stringy, said("hello")], model, { toolCallId: (id) => id })).toEqual([question, said("hello")]);
  });
});
