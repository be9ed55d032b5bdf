// The limits in force: a flag wins over its setting. Durations are read with `ms` ("90s", "10m",
// "1.5h"); a bare number is seconds, as people write `--max-time 600`. A value that makes no
// sense is refused with its source named, never silently ignored.
import ms from "ms";
import type { LimitValues } from "../../contracts/limits.js";

export interface LimitInputs {
  flags: { maxTurns?: unknown; maxCost?: unknown; maxTime?: unknown };
  settings: { maxTurns?: unknown; maxCost?: unknown; maxTime?: unknown } | undefined;
}

/** The limits, or the first problem found (for a diagnostic). */
export function limitValues({ flags, settings }: LimitInputs): LimitValues | string {
  const pick = (key: keyof LimitInputs["flags"]) =>
    flags[key] !== undefined ? { value: flags[key], from: `--${dashed(key)}` } : { value: settings?.[key], from: `limits.${key}` };
  const out: LimitValues = {};
  const turns = pick("maxTurns");
  if (turns.value !== undefined) {
    const n = Number(turns.value);
    if (!Number.isInteger(n) || n < 1) return `${turns.from} must be a whole number of turns, at least 1 (got ${String(turns.value)})`;
    out.maxTurns = n;
  }
  const cost = pick("maxCost");
  if (cost.value !== undefined) {
    const n = Number(cost.value);
    if (!Number.isFinite(n) || n <= 0) return `${cost.from} must be an amount in USD above 0 (got ${String(cost.value)})`;
    out.maxCost = n;
  }
  const time = pick("maxTime");
  if (time.value !== undefined) {
    const n = duration(time.value);
    if (n === undefined) return `${time.from} must be a duration such as 90s, 10m or 1h, or seconds (got ${String(time.value)})`;
    out.maxTime = n;
  }
  return out;
}

/** Milliseconds, or undefined when the text is not a positive duration. */
export function duration(value: unknown): number | undefined {
  const text = String(value).trim();
  let n: number | undefined;
  try {
    n = /^\d+(\.\d+)?$/.test(text) ? Number(text) * 1000 : ms(text as ms.StringValue);
  } catch {
    return undefined; // ms throws on empty text
  }
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : undefined;
}

function dashed(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
