// The ajv-free check for tool arguments, handed to the kernel by the composition root
// (KernelOptions.plainArgs). Most tool calls are plainly valid, and this check answers them,
// sparing ajv's load (~45 ms) and each schema's compile (~15 ms) on a run with tool calls.
//
// Only a yes that ajv (with coerceTypes and useDefaults) would give too, with nothing to coerce
// and no default to fill, counts. Anything else (a keyword not below, a type mismatch, a
// missing property that has a default) answers false and goes to ajv for its verdict, its
// coercions and its messages.

type Rule = (keyword: unknown, value: unknown, schema: Record<string, unknown>) => boolean;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const TYPES: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === "string",
  number: (v) => typeof v === "number",
  integer: Number.isInteger,
  boolean: (v) => typeof v === "boolean",
  null: (v) => v === null,
  object: isObject,
  array: Array.isArray,
};

const isType = (t: unknown, v: unknown) => typeof t === "string" && TYPES[t]?.(v) === true;
const isCount = (n: unknown): n is number => typeof n === "number";
/** Code points, as ajv counts a string's length. */
const codePoints = (s: string) => [...s].length;

/** Keywords that say nothing about validity. */
const ANNOTATIONS = new Set(["description", "title", "examples", "$comment", "$schema", "$id"]);

const RULES: Record<string, Rule> = {
  type: isType,
  properties: (ps, v) =>
    !isObject(v) ||
    (isObject(ps) &&
      Object.entries(ps).every(([k, p]) => (Object.hasOwn(v, k) ? plainlyValid(p, v[k]) : !(isObject(p) && "default" in p)))),
  required: (r, v) => !isObject(v) || (Array.isArray(r) && r.every((k) => typeof k === "string" && Object.hasOwn(v, k))),
  additionalProperties: (a, v, s) =>
    a === true || !isObject(v) || (a === false && Object.keys(v).every((k) => isObject(s.properties) && Object.hasOwn(s.properties, k))),
  items: (i, v) => !Array.isArray(v) || (isObject(i) && v.every((e) => plainlyValid(i, e))),
  minItems: (n, v) => !Array.isArray(v) || (isCount(n) && v.length >= n),
  maxItems: (n, v) => !Array.isArray(v) || (isCount(n) && v.length <= n),
  minLength: (n, v) => typeof v !== "string" || (isCount(n) && codePoints(v) >= n),
  maxLength: (n, v) => typeof v !== "string" || (isCount(n) && codePoints(v) <= n),
  minimum: (n, v) => typeof v !== "number" || (isCount(n) && v >= n),
  maximum: (n, v) => typeof v !== "number" || (isCount(n) && v <= n),
  enum: (e, v) => Array.isArray(e) && (v === null || typeof v !== "object") && e.includes(v),
  const: (c, v) => c === v && (v === null || typeof v !== "object"),
  // Every branch names the value's own type, so no branch coerces it while ajv tries them in turn.
  anyOf: (a, v) => Array.isArray(a) && a.every((b) => isObject(b) && isType(b.type, v)) && a.some((b) => plainlyValid(b, v)),
};

/** Whether `value` is valid against `schema` as it stands, with nothing for ajv to coerce or fill in. */
export function plainlyValid(schema: unknown, value: unknown): boolean {
  return isObject(schema) && Object.entries(schema).every(([k, x]) => ANNOTATIONS.has(k) || RULES[k]?.(x, value, schema) === true);
}
