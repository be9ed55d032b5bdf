// Slash commands: the `command` contribution kind, and the "commands" service (provided by
// commands-core) that lists, completes and expands them, with live sources (templates, skills).
import type { FlagSpec, PluginApi } from "pi-kernel";

export interface CommandContext {
  args: string;
  api: PluginApi;
}

/** Where a resource was found, in pi's SourceInfo shape (RPC get_commands, pi.getCommands()). */
export interface SourceInfo {
  path: string;
  source: string;
  scope: "user" | "project" | "temporary";
  origin: "package" | "top-level";
  baseDir?: string;
}

export interface CommandDef {
  name: string;
  description?: string;
  argumentHint?: string;
  /** Where the command comes from: "builtin", "extension", "prompt", "skill". */
  source?: string;
  sourceInfo?: SourceInfo;
  handler(args: string, ctx: CommandContext): unknown;
  getArgumentCompletions?(prefix: string): { value: string; label?: string }[] | undefined;
}

/** A live set of commands: asked again on every dispatch, listing and completion. */
export interface CommandSource {
  /** "prompt", "skill", ...: also the `source` of the commands it returns. */
  name: string;
  list(): CommandDef[] | Promise<CommandDef[]>;
}

export interface CommandCompletion {
  value: string;
  label?: string;
  description?: string;
}

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

/**
 * A command-line flag registered at setup (pi's `pi.registerFlag`), as a plugin's definition
 * declares its `flags`: `pi --help` lists it, the CLI accepts it, and its value arrives in
 * `api.flags` (camelCase).
 */
export interface FlagDef extends FlagSpec {
  name: string;
}

declare module "pi-kernel" {
  interface Services {
    commands: CommandsService;
  }
  interface Contributions {
    command: CommandDef;
    flag: FlagDef;
  }
}
