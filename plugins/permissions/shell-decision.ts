// The bash tool's part of a permission decision, over every simple command of the line:
// an allow rule set allows the line only when each simple command is covered by one of the rules
// and nothing in it is unknown until it runs; a line that cannot be judged is asked (in print and
// JSON mode: refused with the reason) whenever a deny or ask rule might be hiding in it.
import { loadBashParser } from "./bash-parser.js";
import { type CallView, ruleMatches } from "./rules.js";
import type { SourcedRule } from "./settings.js";
import { analysed, coveredBy } from "./shell-rules.js";

/** A call of a tool that runs a shell command line (the bash tool, or any tool declaring the execute effect). */
export function isShellCall(call: CallView): boolean {
  return call.effect === "execute" && typeof call.args.command === "string";
}

/** The rules of one kind that name this shell tool (`Bash`, `Bash(…)`, `*`). */
function bashRules(call: CallView, rules: readonly SourcedRule[], kinds: SourcedRule["kind"][]): SourcedRule[] {
  if (!isShellCall(call)) return [];
  return rules.filter((r) => kinds.includes(r.kind) && ruleMatches({ text: r.text, tool: r.tool }, call, "any"));
}

/** Loads the bash parser when this call needs it: a bash call with a bash rule that has a specifier. */
export async function prepareShellRules(call: CallView, rules: readonly SourcedRule[]): Promise<void> {
  if (bashRules(call, rules, ["allow", "deny", "ask"]).some((r) => r.specifier !== undefined)) await loadBashParser();
}

/** The allow rule that lets this bash line run (the first one used), if the rules cover all of it. */
export function shellAllowRule(call: CallView, rules: readonly SourcedRule[]): SourcedRule | undefined {
  const allow = bashRules(call, rules, ["allow"]);
  const bare = allow.find((r) => r.specifier === undefined);
  if (bare || allow.length === 0) return bare;
  const { commands, unknown } = analysed(String(call.args.command ?? ""));
  if (unknown.length > 0 || commands.length === 0) return undefined;
  let used: SourcedRule | undefined;
  for (const command of commands) {
    if (command.transparent) continue;
    const rule = allow.find((r) => coveredBy(r.specifier!, command));
    if (!rule) return undefined;
    used ??= rule;
  }
  return used;
}

/** Why this bash line must be asked: it cannot be judged, and a deny or ask rule might cover it. */
export function shellUnjudged(call: CallView, rules: readonly SourcedRule[]): string | undefined {
  const guarded = bashRules(call, rules, ["deny", "ask"]).find((r) => r.specifier !== undefined);
  if (!guarded) return undefined;
  const { unknown } = analysed(String(call.args.command ?? ""));
  if (unknown.length === 0) return undefined;
  return `the command cannot be judged before it runs (${[...new Set(unknown)].join("; ")}), so the rule ${guarded.text} might not see what it does`;
}
