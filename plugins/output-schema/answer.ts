// Reading a final answer as JSON and checking it against the schema (ajv, with ajv-formats so
// "format": "date-time" and friends are checked rather than refused). A model often wraps JSON in
// a ```json fence despite being told not to; one fence around the whole answer is accepted.
// ajv is loaded only when a schema is given: its load is ~200 ms of CPU under load, and every
// interactive start paid it before its first frame while this plugin was in the composition.
import { createRequire } from "node:module";
import type { Ajv as AjvClass, ValidateFunction } from "ajv";
import type { AssistantMessage } from "pi-kernel";
import type { AnswerCheck } from "../../contracts/output-schema.js";

/** The schema compiled, or what is wrong with it. */
export function compileSchema(schema: unknown): ValidateFunction | string {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return "a JSON Schema must be a JSON object";
  const load = createRequire(import.meta.url);
  const { Ajv } = load("ajv") as typeof import("ajv");
  const addFormats = load("ajv-formats") as (a: AjvClass) => void;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
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
