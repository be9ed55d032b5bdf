// /hooks: every hook that would run, by event, with its matcher, timeout and file, and the project
// files whose hooks do not run because the project is not trusted.
import type { CommandHook } from "./config.js";
import { HOOK_EVENTS } from "./events.js";
import type { SourceState } from "./sources.js";

export function describeHooks(state: SourceState): string {
  const lines: string[] = [];
  for (const event of HOOK_EVENTS) {
    const hooks = state.hooks.filter((h) => h.event === event);
    if (hooks.length === 0) continue;
    lines.push(`${event}:`);
    for (const h of hooks) lines.push(`  ${line(h)}`);
  }
  if (lines.length === 0) lines.push('No hooks are configured (settings "hooks", .claude/settings.json, .codex/hooks.json).');
  for (const file of state.untrusted) lines.push(`Not run: ${file} (this project is not trusted; pi --trust)`);
  return lines.join("\n");
}

function line(h: CommandHook): string {
  const matcher = h.matcher?.trim() ? `[${h.matcher}] ` : "";
  return `${matcher}${h.command}  (${h.timeoutMs / 1000} s, ${h.source})`;
}
