// Token usage and its price. Every API reports tokens its own way; providers translate to these
// four counts (input excludes cached tokens) and this file prices them the same way for all.
import { emptyUsage, type Model, type Usage } from "pi-kernel";

export { emptyUsage };

export interface TokenCounts {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** Usage with cost from the model's per-million-token prices. */
export function priceUsage(counts: TokenCounts, model: Model): Usage {
  const price = (tokens: number, perMillion: number) => (tokens * (perMillion || 0)) / 1e6;
  const cost = {
    input: price(counts.input, model.cost.input),
    output: price(counts.output, model.cost.output),
    cacheRead: price(counts.cacheRead, model.cost.cacheRead),
    cacheWrite: price(counts.cacheWrite, model.cost.cacheWrite),
    total: 0,
  };
  cost.total = cost.input + cost.output + cost.cacheRead + cost.cacheWrite;
  const { input, output, cacheRead, cacheWrite } = counts;
  return { input, output, cacheRead, cacheWrite, totalTokens: input + output + cacheRead + cacheWrite, cost };
}

/** A non-negative integer count, 0 for anything else (APIs send null for "not reported"). */
export function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;
}
