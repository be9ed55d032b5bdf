// Reads a model's effective quirks: its provider's preset (presets.ts) under its own `compat`.
import type { Model } from "pi-kernel";
import { type Compat, effectiveCompat } from "./presets.js";

export function compatFlag(model: Model, key: keyof Compat): boolean | undefined {
  const value = effectiveCompat(model)[key];
  return typeof value === "boolean" ? value : undefined;
}

export function compatString(model: Model, key: keyof Compat): string | undefined {
  const value = effectiveCompat(model)[key];
  return typeof value === "string" ? value : undefined;
}
