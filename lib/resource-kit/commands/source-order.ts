// Where a command comes from, in the order command lists show them. The "commands" service
// contract itself (provided by plugins/commands-core) lives in contracts/commands.ts; its types are
// re-exported here so resource plugins find everything about commands in one kit.

export type { CommandSource, CommandCompletion, CommandsService } from "../../../contracts/commands.js";

/** Names under which sources and plugins describe where a command comes from. */
export const SOURCE_ORDER = ["builtin", "extension", "prompt", "skill"] as const;
