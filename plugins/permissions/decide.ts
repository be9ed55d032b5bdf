// One tool call against the rules and the mode. Order, as in Claude Code: a deny rule wins, then
// read-only mode refuses edits and commands, then an ask rule asks, then an allow rule allows
// (each simple command of a shell line must be covered by an allow rule; a line that cannot be judged
// is asked when a deny or ask rule might hide in it: shell-decision.ts), then the mode decides.
// Edits of the agent's own configuration (settings, extensions, MCP servers, git hooks) are asked
// in every mode but yolo, even inside the workspace and even under a broad `Edit` allow rule: a
// model that may edit files must not be able to grant itself more (Claude Code likewise always
// asks before its own settings change). Only an allow rule whose fixed part is itself such a
// path (`Edit(.pi/**)`, the "Allow always" answer `Edit(.pi/settings.json)`) covers them.
import { agentConfigReason } from "../../lib/tool-kit/index.js";
import type { PermissionMode } from "../../contracts/permissions.js";
import { categoryOf, configPlaces, configReason, insideWorkspace } from "./classify.js";
import { type CallView, ruleMatches, ruleBase } from "./rules.js";
import type { SourcedRule } from "./settings.js";
import { isShellCall, shellAllowRule, shellUnjudged } from "./shell-decision.js";

export type Decision =
  | { action: "allow"; by: "rule" | "mode"; rule?: SourcedRule }
  | { action: "deny"; by: "rule" | "mode"; rule?: SourcedRule; reason: string }
  /**
   * `reason`: why it is asked beyond a rule or the mode alone, shown to whoever answers. Either a shell
   * line that cannot be judged (`by: "rule"` with no `rule`: no rule can allow it) or an edit of the
   * agent's own configuration (`by: "mode"`: an allow rule naming that path can).
   */
  | { action: "ask"; by: "rule" | "mode"; rule?: SourcedRule; reason?: string };

/** A shell line no rule can allow, because it cannot be judged before it runs (shell-decision.ts). */
export const unjudged = (d: Decision): boolean => d.action === "ask" && d.by === "rule" && !d.rule && d.reason !== undefined;

/** `agentDir`: the agent's configuration folder (PI_CODING_AGENT_DIR), protected like a project's `.pi/`. */
export function decide(given: CallView, mode: PermissionMode, rules: readonly SourcedRule[], agentDir = ""): Decision {
  // A fresh object: paths are resolved once for this decision and never reused by a later one.
  const call = { ...given };
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
  const config = category === "edit" && mode !== "yolo" ? configReason(call, agentDir) : undefined;
  if (allow && (!config || namesConfig(allow, call, agentDir))) return { action: "allow", by: "rule", rule: allow };
  if (config) return { action: "ask", by: "mode", reason: `${call.toolName} changes the agent's own configuration: ${config}` };
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

/** Whether an allow rule names agent configuration itself (its fixed part is such a path), not just every file. */
function namesConfig(rule: SourcedRule, call: CallView, agentDir: string): boolean {
  const base = ruleBase(rule, call.cwd);
  return base !== undefined && agentConfigReason(base, configPlaces(call, agentDir)) !== undefined;
}
