// Bash rule specifiers matched against the simple commands of a command line (shell-commands.ts):
// `Bash(npm test:*)` is a prefix (the words `npm test`, then anything or nothing), anything else a
// pattern where `*` matches anything (`Bash(git status)` exact, `Bash(git * main)`). A command is
// matched as its normalised words (`"rm" -f x`, `/bin/rm -f x` and `\rm -f x` are `rm -f x`) and as
// written, with the `NAME=value` words before it: an allow rule for `npm test:*` does not cover
// `NODE_OPTIONS=… npm test`.
import { bashParser } from "./bash-parser.js";
import { wildcard } from "./wildcard.js";
import { analyseShell, type ShellAnalysis, type SimpleCommand } from "./shell-commands.js";

const cache = new Map<string, ShellAnalysis>();
const CACHE_SIZE = 64;

/** The analysis of a command line; the gate asks for it once per rule, so the last few are kept. */
export function analysed(command: string): ShellAnalysis {
  const hit = cache.get(command);
  if (hit) return hit;
  const result = analyseShell(command);
  // Before the parser has loaded the answer is "unknown"; it must not stick.
  if (typeof bashParser() === "string") return result;
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(command, result);
  return result;
}

/** Whether one specifier covers a command line: any of its simple commands ("any": deny and ask rules), or all ("all"). */
export function commandMatches(specifier: string, command: string, mode: "any" | "all"): boolean {
  const { commands, unknown } = analysed(command);
  if (mode === "any")
    return matchesText(specifier, command.trim()) || commands.some((c) => denySpellings(c).some((s) => matchesText(specifier, s)));
  return unknown.length === 0 && commands.length > 0 && commands.every((c) => c.transparent || coveredBy(specifier, c));
}

/** Whether an allow rule's specifier covers one simple command. */
export function coveredBy(specifier: string, command: SimpleCommand): boolean {
  const spellings = command.assignments.length
    ? [[...command.assignments, ...command.words].join(" "), command.source]
    : [command.words.join(" "), command.source];
  return spellings.some((s) => matchesText(specifier, s));
}

/** A deny rule also sees the command without the variables set before it. */
function denySpellings(command: SimpleCommand): string[] {
  return [command.words.join(" "), [...command.assignments, ...command.words].join(" "), command.source];
}

function matchesText(specifier: string, text: string): boolean {
  if (specifier.endsWith(":*")) {
    const prefix = specifier.slice(0, -2).trim();
    return text === prefix || text.startsWith(`${prefix} `);
  }
  return wildcard(specifier).test(text);
}

/** Whether the line is one simple command written plainly (no list, pipe, substitution, redirection or wrapper code). */
export function isPlainCommand(command: string): boolean {
  if (typeof bashParser() === "string") return false;
  const { commands, unknown } = analysed(command);
  return unknown.length === 0 && commands.length === 1 && commands[0].source === command.trim();
}
