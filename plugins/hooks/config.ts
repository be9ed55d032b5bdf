// Reading hooks files into one list of command hooks. The shape is Claude Code's settings `hooks`
// ({Event: [{matcher, hooks: [{type: "command", command, timeout}]}]}, timeout in seconds);
// Codex's hooks.json is read too where it differs only in shape: snake_case event names and flat
// entries ({command, timeout_ms, matcher}). A wrong entry is reported and skipped, never fatal.
import { type HookEvent, eventNamed } from "./events.js";
import { compileMatcher, type Matcher } from "./matcher.js";

/** Claude Code's default: a hook that runs longer is killed and counted as a failed hook. */
export const DEFAULT_TIMEOUT_MS = 60_000;

export interface CommandHook {
  event: HookEvent;
  matcher?: string;
  matches: Matcher;
  command: string;
  timeoutMs: number;
  /** Where it was written (a file, or a plugin's name), for /hooks and for errors. */
  source: string;
  /** A Claude Code plugin's root, for ${CLAUDE_PLUGIN_ROOT} in its hooks. */
  pluginRoot?: string;
}

/** Reads a file's `hooks` value; problems go to `report`, good entries are kept. */
export function readHooks(value: unknown, source: string, report: (message: string) => void, pluginRoot?: string): CommandHook[] {
  if (value === undefined) return [];
  if (!isObject(value)) {
    report(`${source}: "hooks" must be an object of events; ignoring it`);
    return [];
  }
  const out: CommandHook[] = [];
  for (const [name, groups] of Object.entries(value)) {
    const event = eventNamed(name);
    if (!event) {
      report(`${source}: hooks.${name} is not an event pi-kernel runs hooks for; ignoring it`);
      continue;
    }
    if (!Array.isArray(groups)) {
      report(`${source}: hooks.${name} must be an array of {matcher, hooks}; ignoring it`);
      continue;
    }
    for (const group of groups) out.push(...readGroup(group, event, `${source}: hooks.${name}`, report, source, pluginRoot));
  }
  return out;
}

function readGroup(
  group: unknown,
  event: HookEvent,
  where: string,
  report: (message: string) => void,
  source: string,
  pluginRoot: string | undefined,
): CommandHook[] {
  if (!isObject(group)) {
    report(`${where}: an entry is not an object; ignoring it`);
    return [];
  }
  const matcher = typeof group.matcher === "string" ? group.matcher : undefined;
  let matches: Matcher;
  try {
    matches = compileMatcher(matcher);
  } catch (error) {
    report(`${where}: ${(error as Error).message}; ignoring the entry`);
    return [];
  }
  // Codex's flat entries are one hook each; Claude Code's carry a list.
  const hooks = Array.isArray(group.hooks) ? group.hooks : "command" in group ? [group] : undefined;
  if (!hooks) {
    report(`${where}: an entry has neither "hooks" nor "command"; ignoring it`);
    return [];
  }
  const out: CommandHook[] = [];
  for (const hook of hooks) {
    if (isObject(hook) && hook.type !== undefined && hook.type !== "command") {
      report(`${where}: hooks of type ${JSON.stringify(hook.type)} are not supported (only "command"); ignoring it`);
      continue;
    }
    if (!isObject(hook) || typeof hook.command !== "string" || !hook.command.trim()) {
      report(`${where}: a hook has no "command"; ignoring it`);
      continue;
    }
    out.push({
      event,
      ...(matcher !== undefined && { matcher }),
      matches,
      command: hook.command,
      timeoutMs: timeoutOf(hook),
      source,
      ...(pluginRoot && { pluginRoot }),
    });
  }
  return out;
}

/** `timeout` in seconds (Claude Code), `timeout_ms` or `timeoutMs` (Codex), else 60 s. */
function timeoutOf(hook: Record<string, unknown>): number {
  const positive = (v: unknown) => typeof v === "number" && Number.isFinite(v) && v > 0;
  if (positive(hook.timeout)) return (hook.timeout as number) * 1000;
  if (positive(hook.timeout_ms)) return hook.timeout_ms as number;
  if (positive(hook.timeoutMs)) return hook.timeoutMs as number;
  return DEFAULT_TIMEOUT_MS;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
