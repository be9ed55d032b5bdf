// Checks MCP tools' structured results against their output schemas, as the SDK's client does,
// but compiles a schema only when its tool's first result arrives. The SDK's default validator
// builds an ajv instance per client and compiles every listed tool's output schema when the list
// arrives: ~75 ms for server-filesystem's 14 tools, on the path to the first model request and
// mostly for tools the session never calls. This one loads the SDK's own ajv provider (with ajv,
// ~45 ms, synchronously, so the validator stays a plain function) on the first check, once per
// process, and shares it between servers. The build bundles the SDK's client with this class in
// place of its default (scripts/bundle-vendor.mjs), so ajv is not even in the bundle.
import { createRequire } from "node:module";
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";

const requireCjs = createRequire(import.meta.url);

export class LazyOutputValidator implements jsonSchemaValidator {
  private real: jsonSchemaValidator | undefined;

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    let compiled: JsonSchemaValidator<T> | undefined;
    return (input) => {
      compiled ??= this.provider().getValidator<T>(schema);
      return compiled(input);
    };
  }

  private provider(): jsonSchemaValidator {
    if (!this.real) {
      const sdk = requireCjs("@modelcontextprotocol/sdk/validation/ajv") as typeof import("@modelcontextprotocol/sdk/validation/ajv");
      this.real = new sdk.AjvJsonSchemaValidator();
    }
    return this.real;
  }
}
