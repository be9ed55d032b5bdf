// The "commands" service contract (provided by plugins/commands-core). Static commands live in
// the kernel's command registry; data-backed ones (prompt templates, skills) change while the
// agent runs, so their plugins add a *source* that is asked for its current commands each time.
import type { CommandDef } from "pi-kernel";

/** A live set of commands: asked again on every dispatch, listing and completion. */
export interface CommandSource {
  /** "prompt", "skill", ...: also the `source` of the commands it returns. */
  name: string;
  list(): CommandDef[] | Promise<CommandDef[]>;
}

export interface CommandCompletion { value: string; label?: string; description?: string }

export interface CommandsService {
  /** Every command in match order: built-ins, extensions, then each source in the order added. */
  list(): Promise<CommandDef[]>;
  /** Completions for what the user typed so far: command names after "/", else the command's arguments. */
  complete(text: string): Promise<CommandCompletion[]>;
  /**
   * What a queued (steering or follow-up) message becomes, as pi's steer/followUp: a prompt
   * template or skill is expanded, an extension command throws (it cannot be queued), anything
   * else (built-in commands included) stays text.
   */
  expand(text: string): Promise<string>;
  /** Adds a live source; the returned function removes it. */
  addSource(source: CommandSource): () => void;
}

/** Names under which sources and plugins describe where a command comes from. */
export const SOURCE_ORDER = ["builtin", "extension", "prompt", "skill"] as const;
