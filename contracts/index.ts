// Every service contract and contribution kind, in one types-only home. Importing any of these
// files merges its names into the kernel's `Services` and `Contributions` (declaration merging),
// so `api.services.use("models")` and `api.register.command(...)` are typed without a generic.
export type * from "./commands.js";
export type * from "./compaction.js";
export type * from "./events.js";
export type * from "./export.js";
export type * from "./file-mutations.js";
export type * from "./file-system.js";
export type * from "./flags.js";
export type * from "./hooks.js";
export type * from "./interactive.js";
export type * from "./limits.js";
export type * from "./mcp.js";
export type * from "./model-fallback.js";
export type * from "./models.js";
export type * from "./named.js";
export type * from "./oauth.js";
export type * from "./output-schema.js";
export type * from "./package-resources.js";
export type * from "./permissions.js";
export type * from "./renderers.js";
export type * from "./resources.js";
export type * from "./rpc.js";
export type * from "./rpc-commands.js";
export type * from "./session-entries.js";
export type * from "./sessions.js";
export type * from "./serve.js";
export type * from "./settings.js";
export type * from "./shell-jobs.js";
export type * from "./shell-sandbox.js";
export type * from "./themes.js";
export type * from "./ui.js";
export type * from "./user-bash.js";
