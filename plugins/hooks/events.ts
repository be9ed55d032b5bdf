// The hook events, in Claude Code's names, and what a matcher is compared with for each: the tool
// name for the tool events, the session source, compaction trigger, notification type or end
// reason for the others; prompt and stop events take no matcher (every hook of the event runs).
export const HOOK_EVENTS = [
  "PreToolUse",
  "PostToolUse",
  "UserPromptSubmit",
  "Stop",
  "SubagentStop",
  "SessionStart",
  "SessionEnd",
  "PreCompact",
  "Notification",
  "PermissionRequest",
] as const;

export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Events whose matcher is ignored, as in Claude Code. */
export const UNMATCHED: ReadonlySet<HookEvent> = new Set<HookEvent>(["UserPromptSubmit", "Stop", "SubagentStop"]);

/**
 * The event a name in a hooks file means: Claude Code's own (`PreToolUse`) or Codex's spelling of
 * it (`pre_tool_use`, `preToolUse`); undefined for a name that is neither.
 */
export function eventNamed(name: string): HookEvent | undefined {
  const squashed = name.replace(/[_-]/g, "").toLowerCase();
  return HOOK_EVENTS.find((e) => e.toLowerCase() === squashed);
}
