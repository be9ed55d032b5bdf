// The kernel's public surface: what plugins, the CLI and SDK users import as "pi-kernel".
export * from "./types.js";
export * from "./define.js";
export { Stage, createHooks } from "./hooks.js";
export type {
  BootContext, HookName, HookSignatures, Hooks, InputEvent, InputResult, SystemPromptContext,
  ProviderResponse, TapOptions, ToolCallBlock, ToolCallEvent, ToolResultEvent,
} from "./hooks.js";
// The bundled copy (scripts/bundle-vendor.mjs): one file instead of 266 modules at start-up.
export { Type } from "#typebox";
export type { Static, TSchema } from "@sinclair/typebox";
export { createKernel } from "./kernel.js";
export type { Kernel, KernelOptions } from "./kernel.js";
export { Agent } from "./agent.js";
export { Host } from "./host.js";
export { StaleApiError, DiagnosticCode, errorText, withTimeout } from "./errors.js";
export type { PluginSource, LoadedPlugin } from "./store.js";
export { emptyUsage } from "./results.js";
export { availableThinkingLevels, clampThinkingLevel } from "./thinking.js";
export type { PluginAdapter, ServiceName, Services } from "./services.js";
