// Reads `model.compat`, the free-form knobs models.json uses to describe server quirks.
import type { Model } from "pi-kernel";

export function compatFlag(model: Model, key: string): boolean | undefined {
  const value = model.compat?.[key];
  return typeof value === "boolean" ? value : undefined;
}

export function compatString(model: Model, key: string): string | undefined {
  const value = model.compat?.[key];
  return typeof value === "string" ? value : undefined;
}
