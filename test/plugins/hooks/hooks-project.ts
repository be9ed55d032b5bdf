// A temp project whose hooks record what they get (stdin JSON per event, and the environment) and
// answer the way the tests script them: rewrite, block, deny, ask, allow a permission, time out,
// add context, keep the run going. Every hook is a small sh script under <project>/hooks.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HOOK_EVENTS } from "../../../plugins/hooks/events.js";

const SCRIPTS: Record<string, string> = {
  "log.sh": `mkdir -p "$PI_PROJECT_DIR/logs"
f="$PI_PROJECT_DIR/logs/$1-$$"
cat > "$f.tmp"
printf '%s|%s' "$CLAUDE_PROJECT_DIR" "$PI_PROJECT_DIR" > "$f.env"
mv "$f.tmp" "$f.json"`,
  "pre-bash.sh": `input=$(cat)
case "$input" in
  *original*) printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"echo rewritten"}}}' ;;
  *rm\\ -rf*) echo "no rm here" >&2; exit 2 ;;
  *asked*) printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"check this one"}}' ;;
esac
exit 0`,
  "post-bash.sh": `cat > /dev/null
echo "POST-FEEDBACK from the hook" >&2
exit 2`,
  "deny-mcp.sh": `cat > /dev/null
printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"MCP-DENY"}}'`,
  "allow-write.sh": `cat > /dev/null
printf '%s' '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}'`,
  "slow.sh": "sleep 30",
  "prompt.sh": `cat > /dev/null
printf '%s' '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"UPS-CONTEXT"}}'`,
  "block-prompt.sh": `case "$(cat)" in *forbidden*) echo "that prompt is forbidden" >&2; exit 2 ;; esac`,
  "session.sh": "echo SESSION-CONTEXT",
  "stop.sh": `case "$(cat)" in *'"stop_hook_active":true'*) exit 0 ;; esac
printf '%s' '{"decision":"block","reason":"KEEP-GOING"}'`,
};

/** Every event but SubagentStop (a child agent's Stop, which these projects do not run). */
export const EVENTS = HOOK_EVENTS.filter((e) => e !== "SubagentStop");

/** Claude Code's documented stdin schema per event (written from its hooks reference). */
export const INPUT_SCHEMA = JSON.parse(
  readFileSync(new URL("../../fixtures/claude-code-hooks/input-schema.json", import.meta.url), "utf8"),
);

/** What the logging hook script wrote for `event`, one object per call. */
export function logged(project: string, event: string): Record<string, unknown>[] {
  const dir = join(project, "logs");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.startsWith(`${event}-`) && f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as Record<string, unknown>);
}

const cmd = (script: string, arg = "") => ({ type: "command", command: `sh "$CLAUDE_PROJECT_DIR/hooks/${script}"${arg ? ` ${arg}` : ""}` });

/** Writes the scripts and the three hooks files (pi's settings, Claude Code's, Codex's flat shape). */
export function writeHooksProject(project: string): void {
  mkdirSync(join(project, "hooks"), { recursive: true });
  for (const [name, body] of Object.entries(SCRIPTS)) {
    writeFileSync(join(project, "hooks", name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(project, "hooks", name), 0o755);
  }
  // Every event but SessionEnd is logged from pi's own settings; SessionEnd from Codex's file.
  const log = Object.fromEntries(EVENTS.filter((e) => e !== "SessionEnd").map((e) => [e, [{ hooks: [cmd("log.sh", e)] }]]));
  const pi = {
    permissions: { mode: "ask" },
    hooks: {
      ...log,
      PreToolUse: [
        ...log.PreToolUse,
        { matcher: "Bash", hooks: [cmd("pre-bash.sh")] },
        { matcher: "mcp__fake__.*", hooks: [cmd("deny-mcp.sh")] },
        { matcher: "Read", hooks: [{ ...cmd("slow.sh"), timeout: 0.5 }] },
      ],
      PermissionRequest: [...log.PermissionRequest, { matcher: "Write", hooks: [cmd("allow-write.sh")] }],
      UserPromptSubmit: [...log.UserPromptSubmit, { hooks: [cmd("prompt.sh"), cmd("block-prompt.sh")] }],
      SessionStart: [...log.SessionStart, { matcher: "startup", hooks: [cmd("session.sh")] }],
    },
  };
  mkdirSync(join(project, ".pi"), { recursive: true });
  writeFileSync(join(project, ".pi", "settings.json"), JSON.stringify(pi, null, 2));
  const claude = { hooks: { PostToolUse: [{ matcher: "Bash", hooks: [cmd("post-bash.sh")] }], Stop: [{ hooks: [cmd("stop.sh")] }] } };
  mkdirSync(join(project, ".claude"), { recursive: true });
  writeFileSync(join(project, ".claude", "settings.json"), JSON.stringify(claude, null, 2));
  const codex = { hooks: { session_end: [{ command: `sh "$CLAUDE_PROJECT_DIR/hooks/log.sh" SessionEnd`, timeout_ms: 10_000 }] } };
  mkdirSync(join(project, ".codex"), { recursive: true });
  writeFileSync(join(project, ".codex", "hooks.json"), JSON.stringify(codex, null, 2));
}
