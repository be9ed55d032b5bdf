// The four wire formats as the provider tests see them: the wire, its api name, and where the
// simulator serves it.
import type { AssistantMessage, AssistantMessageEvent, LlmContext, Model, StreamOptions } from "pi-kernel";
import { expect } from "vitest";
import { bestEffortArguments, type RunDeps, runStream, type SseEvent, SseParser, type Wire } from "../../../lib/provider-kit/index.js";
import { anthropicWire } from "../../../plugins/provider-anthropic/stream.js";
import { geminiWire } from "../../../plugins/provider-google/stream.js";
import { chatCompletionsWire } from "../../../plugins/provider-openai-completions/stream.js";
import { responsesWire } from "../../../plugins/provider-openai-responses/stream.js";
import type { Simulator } from "../../support/simulator/index.mjs";

export interface ApiCase {
  api: string;
  wire: Wire;
  base(sim: Simulator): string;
  format: string;
}

export const APIS: ApiCase[] = [
  { api: "anthropic-messages", wire: anthropicWire, base: (sim) => sim.url, format: "anthropic" },
  { api: "openai-completions", wire: chatCompletionsWire, base: (sim) => `${sim.url}/v1`, format: "openai" },
  { api: "openai-responses", wire: responsesWire, base: (sim) => `${sim.url}/v1`, format: "responses" },
  { api: "google-generative-ai", wire: geminiWire, base: (sim) => `${sim.url}/v1beta`, format: "gemini" },
];

export function modelFor(c: ApiCase, sim: Simulator, over: Partial<Model> = {}): Model {
  return {
    id: `sim-${c.format}`,
    name: `Sim ${c.format}`,
    api: c.api,
    provider: `sim-${c.format}`,
    baseUrl: c.base(sim),
    reasoning: true,
    input: ["text", "image"],
    cost: { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 2.5 },
    contextWindow: 200_000,
    maxTokens: 8192,
    ...over,
  };
}

export const context = (over: Partial<LlmContext> = {}): LlmContext => ({
  systemPrompt: "You are a test.",
  messages: [{ role: "user", content: "hi", timestamp: 1 }],
  tools: [],
  ...over,
});

/** Fast retries, so fault tests stay quick. */
export const FAST_RETRY = { retry: { baseDelayMs: 5, provider: { timeoutMs: 2000 } } };
export const NO_RETRY = { retry: { enabled: false } };

/** Events plus a JSON snapshot of each taken when it was emitted (`partial` is shared and mutates). */
export async function run(
  c: ApiCase,
  model: Model,
  ctx: LlmContext = context(),
  options: StreamOptions = {},
  deps: RunDeps = { settings: NO_RETRY },
  onEvent?: (e: AssistantMessageEvent) => void,
) {
  const events: AssistantMessageEvent[] = [];
  const snapshots: any[] = [];
  for await (const event of runStream(c.wire, model, ctx, { apiKey: "sk-test-key-123456", ...options }, deps)) {
    events.push(event);
    snapshots.push(JSON.parse(JSON.stringify(event)));
    onEvent?.(event);
  }
  const last = events.at(-1)!;
  const message = last.type === "done" ? last.message : last.type === "error" ? last.error : undefined;
  return { events, snapshots, types: events.map((e) => e.type), last, message: message! };
}

/** The `delta`s of every event of one kind, joined: what a listener accumulating them has. */
export function joinedDeltas(events: AssistantMessageEvent[], type: "text_delta" | "thinking_delta" | "toolcall_delta"): string {
  return events
    .filter((e) => e.type === type)
    .map((e) => (e as { delta: string }).delta)
    .join("");
}

/** Each toolcall_delta snapshot's `partial` holds the best parse of the arguments received up to it. */
export function expectLiveArguments(deltas: { delta: string; partial: AssistantMessage }[], contentIndex: number): void {
  let soFar = "";
  let best: Record<string, unknown> = {};
  for (const d of deltas) {
    soFar += d.delta;
    best = bestEffortArguments(soFar, best);
    expect((d.partial.content[contentIndex] as { arguments: unknown }).arguments).toEqual(best);
  }
}

/** A model for decoding recorded bytes (no server): only its api matters. */
export function decoderModel(api: string): Model {
  return {
    id: "m",
    name: "m",
    api,
    provider: "p",
    baseUrl: "http://127.0.0.1:9",
    reasoning: true,
    input: ["text"],
    cost: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
    contextWindow: 1000,
    maxTokens: 100,
  };
}

/** The events the SSE parser gives for `bytes` read in pieces cut at `cuts` (ascending), then at its end. */
export function parseInReads(bytes: Buffer, cuts: number[]): SseEvent[] {
  const parser = new SseParser();
  const events: SseEvent[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    events.push(...parser.push(bytes.subarray(from, cut)));
    from = cut;
  }
  events.push(...parser.end());
  return events;
}
