// Close names for a typo'd provider or model.
import type { Model } from "pi-kernel";
import { describe, expect, it } from "vitest";
import { closest, notFound } from "../../plugins/models/suggest.js";

const model = (provider: string, id: string) => ({ provider, id }) as Model;
const MODELS = [
  model("anthropic", "claude-sonnet-4-5"),
  model("anthropic", "claude-opus-4-1"),
  model("openai", "gpt-5"),
  model("openrouter", "x"),
];

describe("did you mean", () => {
  it("names the close provider for a typo'd one, in --provider and in provider/id", () => {
    expect(notFound(MODELS, "claude-sonnet-4-5", "antropic")).toMatch(/Unknown provider "antropic" \(did you mean anthropic\?\)/);
    expect(notFound(MODELS, "anthrpic/claude-sonnet-4-5", undefined)).toMatch(/Unknown provider "anthrpic" \(did you mean anthropic\?\)/);
    expect(notFound(MODELS, undefined, "opnai")).toMatch(/did you mean openai\?/);
  });

  it("names close models of the provider, and nothing when nothing is close", () => {
    expect(notFound(MODELS, "claude-sonet-4-5", "anthropic")).toMatch(/was not found \(did you mean claude-sonnet-4-5\?\)/);
    expect(notFound(MODELS, "sonnet", undefined)).toMatch(/did you mean claude-sonnet-4-5\?/);
    expect(notFound(MODELS, "gpt-9", undefined)).toMatch(/did you mean gpt-5\?/);
    expect(closest("zzzzzzzz", ["anthropic", "openai"])).toEqual([]);
  });
});
