// What `@mariozechner/pi-ai` (and `/compat`, `/oauth`, and the `@earendil-works` successor)
// resolve to inside pi extensions: TypeBox, `StringEnum`, and the thinking-level helpers.
import { Type, type SchemaOptions, type TUnsafe } from "@sinclair/typebox";

export { Type };
export type { Static, TSchema } from "@sinclair/typebox";

/** A string enum as a plain `{type: "string", enum}` schema (Google's APIs reject anyOf/const). */
export function StringEnum<T extends readonly string[]>(values: T, options: SchemaOptions = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ ...options, type: "string", enum: [...values] });
}

export const THINKING_LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh"] as const;
export type ThinkingLevel = (typeof THINKING_LEVELS)[number];

/** The nearest level a model supports: reasoning models take any, others only "off". */
export function clampThinkingLevel(level: ThinkingLevel, model?: { reasoning?: boolean }): ThinkingLevel {
  if (model && model.reasoning === false) return "off";
  return (THINKING_LEVELS as readonly string[]).includes(level) ? level : "medium";
}

/** Whether a model's `input` list allows images. */
export function supportsImages(model: { input?: string[] }): boolean {
  return model.input?.includes("image") ?? false;
}
