// One tool call against the rules and the mode. Order, as in Claude Code: a deny rule wins, then
// read-only mode refuses edits and commands, then an ask rule asks, then an allow rule allows
// (each simple command of a shell line must be covered by an allow rule; a line that cannot be judged
// is asked when a deny or ask rule might hide in it: shell-decision.ts), then the mode decides.
import type { PermissionMode } from "../../contracts/permissions.js";
import { categoryOf, insideWorkspace } from "./classify.js";
import { type CallView, ruleMatches } from "./rules.js";
import type { SourcedRule } from "./settings.js";
import { isShellCall, shellAllowRule, shellUnjudged } from "./shell-decision.js";

export type Decision =
  | { action: "allow"; by: "rule" | "mode"; rule?: SourcedRule }
  | { action: "deny"; by: "rule" | "mode"; rule?: SourcedRule; reason: string }
  | { action: "ask"; by: "rule" | "mode"; rule?: SourcedRule; reason?: string };

export function decide(call: CallView, mode: PermissionMode, rules: readonly SourcedRule[]): Decision {
  const find = (kind: SourcedRule["kind"]) => rules.find((r) => r.kind === kind && ruleMatches(r, call, kind === "allow" ? "all" : "any"));
  const deny = find("deny");
  if (deny)
    return {
      action: "deny",
      by: "rule",
      rule: deny,
      reason: `Permission denied by the rule ${deny.text} (${deny.source} settings, permissions.deny).`,
    };
  const category = categoryOf(call);
  if (mode === "read-only" && (category === "edit" || category === "execute")) {
    const what = category === "edit" ? "edits files" : "runs commands";
    return {
      action: "deny",
      by: "mode",
      reason: `Permission mode is read-only: ${call.toolName} ${what}, which this mode never allows. Only reading and searching tools run; the user can change the mode.`,
    };
  }
  const unjudged = shellUnjudged(call, rules);
  if (unjudged) return { action: "ask", by: "rule", reason: unjudged };
  const ask = find("ask");
  if (ask) return { action: "ask", by: "rule", rule: ask };
  const allow = isShellCall(call) ? shellAllowRule(call, rules) : find("allow");
  if (allow) return { action: "allow", by: "rule", rule: allow };
  if (category === "read" || mode === "yolo") return { action: "allow", by: "mode" };
  if (mode === "accept-edits" && category === "edit" && insideWorkspace(call)) return { action: "allow", by: "mode" };
  if (mode === "read-only")
    return {
      action: "deny",
      by: "mode",
      reason: `Permission mode is read-only: ${call.toolName} is not a reading tool and no permissions.allow rule names it.`,
    };
  return { action: "ask", by: "mode" };
}
