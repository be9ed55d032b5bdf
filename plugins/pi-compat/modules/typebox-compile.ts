// `typebox/compile` and `@sinclair/typebox/compiler`.
export * from "@sinclair/typebox/compiler";
