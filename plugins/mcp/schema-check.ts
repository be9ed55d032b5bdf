// Checks an MCP tool's input schema before it is registered: a schema ajv cannot compile would
// be sent with every request and fail every call. The kernel makes the same check for plugin
// tools, but not for compiled built-ins like this one, whose schemas come from outside at run time.
// ajv (~45 ms to load) is loaded on the first check, which happens when a server first lists tools,
// in the background of start-up.
import { createRequire } from "node:module";
import type { Ajv as AjvInstance } from "ajv";

const requireCjs = createRequire(import.meta.url);
let ajv: AjvInstance | undefined;

/** Why ajv cannot compile `schema`, or undefined when it can. */
export function schemaProblem(schema: Record<string, unknown>): string | undefined {
  ajv ??= new (requireCjs("ajv") as typeof import("ajv")).Ajv({ allErrors: true, strict: false });
  try {
    ajv.compile(schema);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    // Compiled schemas are cached by ajv; the check needs none of them kept.
    ajv.removeSchema(schema);
  }
}
