// Tool-argument validation: one ajv per generation, compiled lazily per tool schema. Errors are
// written for the model to read and fix: `path: problem (received: value)`.
import { createRequire } from "node:module";
import type { Ajv as AjvInstance, ErrorObject, ValidateFunction } from "ajv";
import type { TSchema } from "@sinclair/typebox";

// ajv costs ~45 ms to load; load it on the first tool call, not at start-up.
const require = createRequire(import.meta.url);

export type Validation = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

export class SchemaValidator {
  // Models often send "5" for 5; coercion accepts that instead of bouncing the call back.
  private ajvInstance: AjvInstance | undefined;
  private get ajv(): AjvInstance {
    this.ajvInstance ??= new (require("ajv") as typeof import("ajv")).Ajv({ allErrors: true, strict: false, coerceTypes: true,
      useDefaults: true });
    return this.ajvInstance;
  }
  private readonly compiled = new WeakMap<TSchema, ValidateFunction>();

  /** Why a schema cannot be compiled (ajv's message), or undefined when it can. */
  problem(schema: TSchema): string | undefined {
    try {
      if (!this.compiled.has(schema)) this.compiled.set(schema, this.ajv.compile(schema));
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  validate(schema: TSchema, args: unknown): Validation {
    // Validate a copy: coercion and defaults must not rewrite what the model actually sent.
    if (plainlyValid(schema, args ?? {})) return { ok: true, value: structuredClone(args ?? {}) as Record<string, unknown> };
    const check = this.compiled.get(schema) ?? this.ajv.compile(schema);
    this.compiled.set(schema, check);
    const value = structuredClone(args ?? {}) as Record<string, unknown>;
    if (check(value)) return { ok: true, value };
    return { ok: false, message: formatErrors(check.errors ?? [], value) };
  }
}

// Most calls are plainly valid and are checked here, sparing ajv's load (~45 ms) and each schema's compile (~15 ms). Only a
// yes ajv would give too, with nothing to coerce and no default to fill, counts; anything else (a keyword not below, a type
// mismatch, a missing property with a default) goes to ajv for its verdict, coercions and messages.
type Rule = (keyword: unknown, value: unknown, schema: Record<string, unknown>) => boolean;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const TYPES: Record<string, (v: unknown) => boolean> = { string: (v) => typeof v === "string", number: (v) => typeof v === "number",
  integer: Number.isInteger, boolean: (v) => typeof v === "boolean", null: (v) => v === null, object: isObject, array: Array.isArray };
const isType = (t: unknown, v: unknown) => typeof t === "string" && TYPES[t]?.(v) === true;
const ANNOTATIONS = new Set(["description", "title", "examples", "$comment", "$schema", "$id"]);
const RULES: Record<string, Rule> = {
  type: isType,
  properties: (ps, v) => !isObject(v) || (isObject(ps) && Object.entries(ps).every(([k, p]) =>
    Object.hasOwn(v, k) ? plainlyValid(p, v[k]) : !(isObject(p) && "default" in p))),
  required: (r, v) => !isObject(v) || (Array.isArray(r) && r.every((k) => Object.hasOwn(v, k))),
  additionalProperties: (a, v, s) => a === true || !isObject(v) || (a === false && Object.keys(v).every((k) => isObject(s.properties)
    && Object.hasOwn(s.properties, k))),
  items: (i, v) => !Array.isArray(v) || (isObject(i) && v.every((e) => plainlyValid(i, e))),
  minItems: (n, v) => !Array.isArray(v) || (typeof n === "number" && v.length >= n),
  maxItems: (n, v) => !Array.isArray(v) || (typeof n === "number" && v.length <= n),
  minLength: (n, v) => typeof v !== "string" || (typeof n === "number" && [...v].length >= n), // code points, as ajv counts
  maxLength: (n, v) => typeof v !== "string" || (typeof n === "number" && [...v].length <= n),
  minimum: (n, v) => typeof v !== "number" || (typeof n === "number" && v >= n),
  maximum: (n, v) => typeof v !== "number" || (typeof n === "number" && v <= n),
  enum: (e, v) => Array.isArray(e) && (v === null || typeof v !== "object") && e.includes(v),
  const: (c, v) => c === v && (v === null || typeof v !== "object"),
  // Every branch names the value's own type, so no branch coerces it while ajv tries them in turn.
  anyOf: (a, v) => Array.isArray(a) && a.every((b) => isObject(b) && isType(b.type, v)) && a.some((b) => plainlyValid(b, v)),
};

function plainlyValid(schema: unknown, value: unknown): boolean {
  return isObject(schema) && Object.entries(schema).every(([k, x]) => ANNOTATIONS.has(k) || RULES[k]?.(x, value, schema) === true);
}

function formatErrors(errors: ErrorObject[], root: unknown): string {
  const lines = errors.map((e) => {
    const path = e.instancePath ? e.instancePath.slice(1).replaceAll("/", ".") : "(root)";
    const extra = e.keyword === "additionalProperties"
      ? ` "${(e.params as { additionalProperty: string }).additionalProperty}"`
      : e.keyword === "required" ? "" : ` (received: ${preview(pick(root, e.instancePath))})`;
    return `- ${path}: ${e.message ?? e.keyword}${extra}`;
  });
  return `Invalid arguments:\n${[...new Set(lines)].join("\n")}`;
}

function pick(root: unknown, pointer: string): unknown {
  let node = root;
  for (const part of pointer.split("/").slice(1)) {
    node = (node as Record<string, unknown> | undefined)?.[part.replaceAll("~1", "/").replaceAll("~0", "~")];
  }
  return node;
}

function preview(value: unknown): string {
  const text = value === undefined ? "undefined" : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
