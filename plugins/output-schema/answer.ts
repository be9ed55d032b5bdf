// Reading a final answer as JSON and checking it against the schema (ajv, with ajv-formats so
// "format": "date-time" and friends are checked rather than refused). A model often wraps JSON in
// a ```json fence despite being told not to; one fence around the whole answer is accepted.
import { createRequire } from "node:module";
import type { Ajv, ValidateFunction } from "ajv";
import type { AssistantMessage } from "pi-kernel";
import type { AnswerCheck } from "../../contracts/output-schema.js";

/** The schema compiled, or what is wrong with it. */
export function compileSchema(schema: unknown): ValidateFunction | string {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return "a JSON Schema must be a JSON object";
  // Loaded here, not with the module: every run composes this plugin, few pass --output-schema,
  // and ajv with its formats costs a print run ~100 ms of start-up.
  const load = createRequire(import.meta.url);
  const ajv = new (load("ajv") as typeof import("ajv")).Ajv({ allErrors: true, strict: false });
  (load("ajv-formats") as (a: Ajv) => void)(ajv);
  try {
    return ajv.compile(schema);
  } catch (error) {
    return (error as Error).message;
  }
}

export function checkAnswer(validate: ValidateFunction, answer: AssistantMessage): AnswerCheck {
  const raw = answer.content
    .flatMap((c) => (c.type === "text" ? [c.text] : []))
    .join("")
    .trim();
  const body = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/.exec(raw)?.[1] ?? raw;
  if (body === "") return { ok: false, error: "the answer has no text; it must be one JSON value" };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    return { ok: false, error: `the answer is not JSON (${(error as Error).message})` };
  }
  if (!validate(value)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message ?? "is invalid"}`);
    return { ok: false, error: `the answer does not match the schema: ${problems.join("; ")}` };
  }
  return { ok: true, value, text: JSON.stringify(value) };
}
