// Tool-argument validation: one ajv for the agent's life, compiled lazily per tool schema. Errors are
// written for the model to read and fix: `path: problem (received: value)`.
import { createRequire } from "node:module";
import type { Ajv as AjvInstance, ErrorObject, ValidateFunction } from "ajv";
import type { TSchema } from "@sinclair/typebox";

// ajv costs ~45 ms to load; load it on the first tool call, not at start-up.
const require = createRequire(import.meta.url);

export type Validation = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };
/** Says yes only when ajv would, with nothing to coerce or fill in (the composition root hands one over: KernelOptions.plainArgs). */
export type PlainCheck = (schema: TSchema, args: unknown) => boolean;

export class SchemaValidator {
  // Models often send "5" for 5; coercion accepts that instead of bouncing the call back.
  private ajvInstance: AjvInstance | undefined;
  private get ajv(): AjvInstance {
    this.ajvInstance ??= new (require("ajv") as typeof import("ajv")).Ajv({ allErrors: true, strict: false, coerceTypes: true,
      useDefaults: true });
    return this.ajvInstance;
  }
  private readonly compiled = new WeakMap<TSchema, ValidateFunction>();
  /** By the schema's text: a reloaded plugin's tools bring equal schemas in new objects, and a compile costs ~4 ms. */
  private readonly byText = new Map<string, ValidateFunction>();
  constructor(private readonly plain?: PlainCheck) {}

  /** Why a schema cannot be compiled (ajv's message), or undefined when it can. */
  problem(schema: TSchema): string | undefined {
    try {
      this.check(schema);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  private check(schema: TSchema): ValidateFunction {
    let fn = this.compiled.get(schema);
    if (fn) return fn;
    const text = JSON.stringify(schema);
    fn = this.byText.get(text) ?? this.ajv.compile(schema);
    this.byText.set(text, fn);
    this.compiled.set(schema, fn);
    return fn;
  }

  validate(schema: TSchema, args: unknown): Validation {
    // Validate a copy: coercion and defaults must not rewrite what the model actually sent.
    const value = structuredClone(args ?? {}) as Record<string, unknown>;
    // A plainly valid call (the usual case) needs no ajv: its load and each compile are paid only when a call needs more.
    if (this.plain?.(schema, value)) return { ok: true, value };
    const check = this.check(schema);
    if (check(value)) return { ok: true, value };
    return { ok: false, message: formatErrors(check.errors ?? [], value) };
  }
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
