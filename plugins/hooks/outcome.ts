// What one event's hooks said, merged (they run in parallel, as in Claude Code). Exit code 0:
// go on; stdout is read as JSON when it is a JSON object, otherwise it is plain output (context
// for UserPromptSubmit and SessionStart). Exit code 2: block; stderr is the reason (the model
// gets it where the event can block, the person sees it where it cannot). Any other exit code,
// a timeout or a hook that cannot start: a non-blocking error shown to the person.
import type { CommandHook } from "./config.js";
import type { HookEvent } from "./events.js";
import type { HookOutcome } from "./run.js";

export type PermissionVerdict = "allow" | "deny" | "ask";

export interface Verdict {
  /** Blocked (exit 2, `decision: "block"`, a deny): the reason for the model. */
  block?: string;
  /** `continue: false`: the run stops; the reason is shown to the person. */
  stop?: string;
  /** Text added to the model's context (additionalContext, or plain stdout where the event takes it). */
  context: string[];
  /** PreToolUse's permissionDecision (deny > ask > allow across hooks). */
  permission?: PermissionVerdict;
  permissionReason?: string;
  /** PreToolUse's updatedInput (PermissionRequest's too). */
  updatedInput?: Record<string, unknown>;
  /** PermissionRequest's answer. */
  request?: { behavior: "allow" | "deny"; message?: string };
  /** Messages for the person (errors, systemMessage, stderr of events that cannot block). */
  notices: string[];
}

const PLAIN_STDOUT_IS_CONTEXT: ReadonlySet<HookEvent> = new Set<HookEvent>(["UserPromptSubmit", "SessionStart"]);
/** Events where exit code 2 blocks something the model did or asked for; elsewhere stderr only goes to the person. */
const BLOCKING: ReadonlySet<HookEvent> = new Set<HookEvent>([
  "PreToolUse",
  "PostToolUse",
  "UserPromptSubmit",
  "Stop",
  "SubagentStop",
  "PermissionRequest",
]);
const RANK: Record<PermissionVerdict, number> = { allow: 0, ask: 1, deny: 2 };

export function merge(event: HookEvent, runs: { hook: CommandHook; outcome: HookOutcome }[]): Verdict {
  const v: Verdict = { context: [], notices: [] };
  for (const { hook, outcome } of runs) read(event, hook, outcome, v);
  return v;
}

function read(event: HookEvent, hook: CommandHook, o: HookOutcome, v: Verdict): void {
  const name = `${event} hook \`${hook.command}\``;
  if (o.error) return void v.notices.push(`${name} could not run: ${o.error}`);
  if (o.timedOut) return void v.notices.push(`${name} timed out after ${hook.timeoutMs / 1000} s and was stopped`);
  const stderr = o.stderr.trim();
  if (o.exitCode === 2) {
    const reason = stderr || `${name} exited with code 2`;
    if (BLOCKING.has(event)) addBlock(v, reason);
    else v.notices.push(`${name}: ${reason}`);
    if (event === "PermissionRequest") v.request = { behavior: "deny", message: reason };
    return;
  }
  if (o.exitCode !== 0) return void v.notices.push(`${name} failed (exit code ${o.exitCode})${stderr ? `: ${stderr}` : ""}`);
  const json = parseObject(o.stdout);
  if (!json) {
    const text = o.stdout.trim();
    if (text && PLAIN_STDOUT_IS_CONTEXT.has(event)) v.context.push(text);
    return;
  }
  readJson(event, json, v);
}

function readJson(event: HookEvent, json: Record<string, unknown>, v: Verdict): void {
  const text = (x: unknown) => (typeof x === "string" && x.trim() ? x.trim() : undefined);
  if (json.continue === false) v.stop = text(json.stopReason) ?? "a hook stopped the run";
  const message = text(json.systemMessage);
  if (message) v.notices.push(message);
  const reason = text(json.reason);
  // `decision: "block"` (PreToolUse's older spelling too); "approve" is PreToolUse's older "allow".
  if (json.decision === "block") {
    if (event === "PreToolUse") permission(v, "deny", reason);
    else addBlock(v, reason ?? `${event} hook blocked`);
  } else if (json.decision === "approve" && event === "PreToolUse") permission(v, "allow", reason);
  const specific = json.hookSpecificOutput;
  if (typeof specific !== "object" || specific === null) return;
  const s = specific as Record<string, unknown>;
  const context = text(s.additionalContext);
  if (context) v.context.push(context);
  if (event === "PreToolUse") {
    const d = s.permissionDecision;
    if (d === "allow" || d === "deny" || d === "ask") permission(v, d, text(s.permissionDecisionReason));
    if (isObject(s.updatedInput)) v.updatedInput = s.updatedInput;
  }
  if (event === "PermissionRequest" && isObject(s.decision)) {
    const behavior = s.decision.behavior;
    if (behavior === "allow" || behavior === "deny") {
      v.request = { behavior, ...(text(s.decision.message) && { message: text(s.decision.message) }) };
      if (behavior === "allow" && isObject(s.decision.updatedInput)) v.updatedInput = s.decision.updatedInput;
    }
  }
}

function permission(v: Verdict, d: PermissionVerdict, reason: string | undefined): void {
  if (v.permission && RANK[v.permission] > RANK[d]) return;
  if (v.permission !== d || reason) v.permissionReason = reason;
  v.permission = d;
  if (d === "deny") addBlock(v, reason ?? "a PreToolUse hook denied this tool call");
}

function addBlock(v: Verdict, reason: string): void {
  v.block = v.block ? `${v.block}\n${reason}` : reason;
}

function parseObject(stdout: string): Record<string, unknown> | undefined {
  const t = stdout.trim();
  if (!t.startsWith("{")) return undefined;
  try {
    const v = JSON.parse(t) as unknown;
    return isObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
