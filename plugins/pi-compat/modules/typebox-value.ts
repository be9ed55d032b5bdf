// `typebox/value` and `@sinclair/typebox/value`.
export * from "@sinclair/typebox/value";
