// TypeBox as extensions import it: `typebox`, `typebox/compile` and `typebox/value` are the real
// TypeBox 1.x (pi's current line; pi-subagents failed with "Compile is not a function"), while
// `@sinclair/typebox` stays 0.34. Schemas from either, and from pi-ai's `Type`, validate in the
// kernel's tool-argument validation (ajv) and in pi-ai's validateToolArguments.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createJiti } from "jiti";
import { afterAll, describe, expect, it } from "vitest";
import { SchemaValidator } from "../../kernel/schema.js";
import { kernelModules } from "../support/kernel-modules.js";

const dir = mkdtempSync(join(tmpdir(), "pik-typebox-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function loadExtension(source: string): Promise<Record<string, unknown>> {
  const file = join(dir, `ext-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(file, source);
  const { modules, aliases } = await kernelModules();
  return (await createJiti(import.meta.url, { moduleCache: false, alias: aliases, virtualModules: modules }).import(file)) as Record<
    string,
    unknown
  >;
}

describe("typebox aliases", () => {
  it("serves TypeBox 1.x: Compile checks and typebox/value's Errors lists problems", async () => {
    const mod = await loadExtension(`
      import Type from "typebox";
      import { Compile } from "typebox/compile";
      import { Errors, Value } from "typebox/value";
      const schema = Type.Object({ name: Type.String(), count: Type.Optional(Type.Integer()) });
      export const checks = [Compile(schema).Check({ name: "a" }), Compile(schema).Check({ name: 1 })];
      export const errors = [...Errors(schema, { name: 1 })].length;
      export const valueCheck = Value.Check(schema, { name: "x", count: 2 });
    `);
    expect(mod.checks).toEqual([true, false]);
    expect(mod.errors).toBeGreaterThan(0);
    expect(mod.valueCheck).toBe(true);
  });

  it("keeps @sinclair/typebox at 0.34 with its compiler and value modules", async () => {
    const mod = await loadExtension(`
      import { Type } from "@sinclair/typebox";
      import { TypeCompiler } from "@sinclair/typebox/compiler";
      import { Value } from "@sinclair/typebox/value";
      const schema = Type.Object({ n: Type.Number() });
      export const compiled = TypeCompiler.Compile(schema).Check({ n: 1 });
      export const value = Value.Check(schema, { n: "x" });
    `);
    expect(mod).toMatchObject({ compiled: true, value: false });
  });

  it("validates schemas from TypeBox 1.x, 0.34 and pi-ai's Type/StringEnum in the kernel and in validateToolArguments", async () => {
    const mod = await loadExtension(`
      import Type1 from "typebox";
      import { Type as Type034 } from "@sinclair/typebox";
      import { Type as AiType, StringEnum, validateToolArguments } from "@earendil-works/pi-ai";
      export const schemas = [
        Type1.Object({ path: Type1.String(), limit: Type1.Optional(Type1.Number()) }),
        Type034.Object({ path: Type034.String(), limit: Type034.Optional(Type034.Number()) }),
        AiType.Object({ path: AiType.String(), limit: AiType.Optional(AiType.Number()), mode: Type1.Optional(StringEnum(["a", "b"])) }),
      ];
      export const coerced = validateToolArguments({ name: "read", parameters: schemas[2] }, { name: "read", arguments: { path: "x", limit: "5" } });
      export let failure = "";
      try { validateToolArguments({ name: "read", parameters: schemas[0] }, { name: "read", arguments: { limit: 1 } }); } catch (e) { failure = e.message; }
    `);
    const validator = new SchemaValidator();
    for (const schema of mod.schemas as object[]) {
      expect(validator.problem(schema as never)).toBeUndefined();
      expect(validator.validate(schema as never, { path: "a.ts", limit: "3" })).toEqual({ ok: true, value: { path: "a.ts", limit: 3 } });
      expect(validator.validate(schema as never, { limit: 3 }).ok).toBe(false);
    }
    expect(mod.coerced).toEqual({ path: "x", limit: 5 });
    expect(mod.failure).toMatch(/^Validation failed for tool "read":\n {2}- root: must have required property 'path'/);
  });
});
