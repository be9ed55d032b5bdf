// What `@mariozechner/pi-ai` (and `/compat`, `/oauth`, and the `@earendil-works` successor)
// resolve to inside pi extensions. `Type` is TypeBox 1.x's, as pi-ai's own (the `typebox`
// package); schemas built with it or with `@sinclair/typebox` 0.34 both validate in pi-kernel.
import { Type, type TSchema, type TSchemaOptions, type TUnsafe } from "typebox";

export { Type };
export type { Static, TSchema } from "typebox";

/** A string enum as a plain `{type: "string", enum}` schema (Google's APIs reject anyOf/const). */
export function StringEnum<T extends readonly string[]>(
  values: T,
  options: TSchemaOptions & { description?: string; default?: T[number] } = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ ...options, type: "string", enum: [...values] } as TSchema);
}

export * from "./ai-stream.js";
export * from "./ai-run.js";
export * from "./ai-models.js";
export * from "./ai-json.js";
export * from "./ai-validate.js";
export * from "./ai-errors.js";
export * from "./ai-faux.js";
export * from "./ai-oauth.js";
export * from "./ai-current.js";
