// Each settings.json checked against the settings schemas the composed plugins declare
// (`definePlugin({ settings: Type.Object(...) })`), once they are set up: a value of the wrong
// type is reported with its file, its key and the type expected. The value stays as it is (the
// plugin reading it decides what a wrong value means); nothing is rewritten. ajv validates, as
// it does tool arguments; TypeBox schemas are JSON Schema.
import { createRequire } from "node:module";
import type { ErrorObject } from "ajv";
import type { Diagnostic, TSchema } from "../kernel/index.js";
import { ComposeCode } from "./diagnostics.js";

type Schema = { type?: string | string[]; const?: unknown; enum?: unknown[]; anyOf?: Schema[]; items?: Schema };

export function settingsProblems(
  files: { file: string; settings: Record<string, unknown> }[],
  schemas: { owner: string; schema: TSchema }[],
): Diagnostic[] {
  // Only a schema naming a key some file sets can find a wrong type there; without one, ajv is not
  // loaded at all (loading it and compiling every schema was half of a `pi -p hi` run's CPU).
  const present = new Set(files.flatMap((f) => Object.keys(f.settings)));
  const relevant = (schema: TSchema) => {
    const keys = Object.keys((schema as { properties?: object }).properties ?? {});
    return keys.length === 0 || keys.some((k) => present.has(k));
  };
  schemas = schemas.filter((s) => relevant(s.schema));
  if (schemas.length === 0) return [];
  // Loaded only when some plugin declares settings (start-up cost).
  const { Ajv } = createRequire(import.meta.url)("ajv") as typeof import("ajv");
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
  const out: Diagnostic[] = [];
  for (const { owner, schema } of schemas) {
    const validate = ajv.compile(schema);
    for (const { file, settings } of files) {
      if (validate(settings)) continue;
      for (const e of outermost(validate.errors ?? [])) {
        const key = e.instancePath.slice(1).split("/").join(".");
        out.push({
          level: "warning",
          where: "settings",
          code: ComposeCode.settingsType,
          plugin: owner,
          message: `${file}: "${key}" is ${JSON.stringify(e.data)}; expected ${expected(e.parentSchema as Schema)}`,
        });
      }
    }
  }
  return out;
}

/** One error per value: the outermost one (a union's own, not each of its branches'). */
function outermost(errors: ErrorObject[]): ErrorObject[] {
  const byPath = new Map<string, ErrorObject>();
  for (const e of errors) {
    const seen = byPath.get(e.instancePath);
    if (!seen || e.schemaPath.length < seen.schemaPath.length) byPath.set(e.instancePath, e);
  }
  return [...byPath.values()];
}

function expected(s: Schema | undefined): string {
  if (!s) return "another value";
  if (s.anyOf) return s.anyOf.map(expected).join(" or ");
  if ("const" in s) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" or ");
  if (s.type === "array") return `an array${s.items ? ` of ${expected(s.items)}` : ""}`;
  return Array.isArray(s.type) ? s.type.join(" or ") : (s.type ?? "another value");
}
