// Token usage from the OpenAI usage chunk, priced with the model's per-million-token costs.
import type { Model, Usage } from "pi-kernel";

export interface WireUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number } | null;
}

export function emptyUsage(): Usage {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
}

/** prompt_tokens includes the cached ones; we count them once, as cacheRead. */
export function toUsage(wire: WireUsage, model: Model): Usage {
  const cacheRead = wire.prompt_tokens_details?.cached_tokens ?? 0;
  const input = Math.max(0, (wire.prompt_tokens ?? 0) - cacheRead);
  const output = wire.completion_tokens ?? 0;
  const cacheWrite = 0; // chat completions does not report cache writes
  const price = (tokens: number, perMillion: number) => (tokens * perMillion) / 1e6;
  const cost = {
    input: price(input, model.cost.input),
    output: price(output, model.cost.output),
    cacheRead: price(cacheRead, model.cost.cacheRead),
    cacheWrite: price(cacheWrite, model.cost.cacheWrite),
    total: 0,
  };
  cost.total = cost.input + cost.output + cost.cacheRead + cost.cacheWrite;
  return { input, output, cacheRead, cacheWrite, totalTokens: input + output + cacheRead + cacheWrite, cost };
}
