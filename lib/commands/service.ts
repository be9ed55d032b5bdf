// The "commands" service contract (provided by plugins/commands-core). Static commands live in
// the kernel's command registry; data-backed ones (prompt templates, skills) change while the
// agent runs, so their plugins add a *source* that is asked for its current commands each time.

export type { CommandSource, CommandCompletion, CommandsService } from "../../contracts/commands.js";

/** Names under which sources and plugins describe where a command comes from. */
export const SOURCE_ORDER = ["builtin", "extension", "prompt", "skill"] as const;
