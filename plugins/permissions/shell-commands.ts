// Every simple command a shell command line runs, at any depth, from bash's real grammar
// (tree-sitter-bash): lists, pipelines, subshells, groups, if/while/for/case bodies, functions,
// `!`, command and process substitutions (also inside strings, arithmetic and here-documents).
// Each has its name normalised (quotes and backslashes removed, the base name of a path), and
// wrappers are unwrapped (`sudo`, `env`, `xargs`, `find -exec`, `bash -c 'code'`, `eval 'code'`,
// whose code is parsed in turn, to a bounded depth). What cannot be known before the command runs
// (a name built from a variable, code from a variable, a shell reading commands from its input, a
// syntax error) is listed in `unknown`: rules then cannot judge the command.
import { basename } from "node:path";
import { parseBash, type SyntaxNode } from "./bash-parser.js";
import { unwrap, type Word } from "./shell-wrappers.js";
import { staticWord } from "./shell-words.js";

export interface SimpleCommand {
  /** The name (base name, unquoted) then the arguments (their values, or as written when only known at run time). */
  words: string[];
  /** `NAME=value` words before it (or given to env), as written. */
  assignments: string[];
  /** The command as written (for rules written the way the command is). */
  source: string;
  /** A wrapper that only changes how the command it wraps runs (time, nice, env): allow rules look past it. */
  transparent: boolean;
}

export interface ShellAnalysis {
  commands: SimpleCommand[];
  /** Why the command cannot be judged before it runs; empty when it can. */
  unknown: string[];
}

/** How deep `bash -c`/`eval` code is parsed inside code. */
const MAX_DEPTH = 4;

export function analyseShell(text: string, depth = 0): ShellAnalysis {
  const parsed = parseBash(text);
  if (typeof parsed === "string") return { commands: [], unknown: [parsed] };
  const out: ShellAnalysis = { commands: [], unknown: [] };
  if (parsed.hasError) out.unknown.push("bash cannot read all of it (an unterminated quote or a syntax error)");
  const stack = [parsed.root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === "command") simpleCommand(node, out, depth);
    else if (node.type === "heredoc_redirect") hereDocument(node, out);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return out;
}

function simpleCommand(node: SyntaxNode, out: ShellAnalysis, depth: number): void {
  const name = node.children.find((c) => c.field === "name");
  if (!name) return;
  const words = [name, ...node.children.filter((c) => c.field === "argument")].map(toWord);
  const assignments = node.children.filter((c) => c.type === "variable_assignment").map((c) => c.text);
  const misread = misreadWords(node);
  if (misread) out.unknown.push(misread);
  resolve(words, assignments, node.text, { out, depth, stdin: stdinText(node) });
}

/** A here-document with an unquoted delimiter expands $(…) and backticks; say so when the parser saw none there. */
function hereDocument(node: SyntaxNode, out: ShellAnalysis): void {
  const start = node.children.find((c) => c.type === "heredoc_start");
  if (!start || /['"\\]/.test(start.text)) return;
  for (const body of node.children.filter((c) => c.type === "heredoc_body")) {
    if (/\$\(|`/.test(body.text) && !body.children.some((c) => c.type === "command_substitution"))
      out.unknown.push("a here-document whose substitutions the parser did not read");
  }
}

interface Context {
  out: ShellAnalysis;
  depth: number;
  /** The text of a here-document or here-string given to the command. */
  stdin?: string;
}

/**
 * Words tree-sitter-bash can leave as a command name where bash reads syntax (`! { rm x; }` comes
 * back as the command `{`); what follows is then parsed again as code.
 */
const RESERVED = new Set([
  "{",
  "}",
  "(",
  ")",
  "!",
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "do",
  "done",
  "case",
  "esac",
  "while",
  "until",
  "for",
  "in",
  "select",
  "function",
  "[[",
  "]]",
]);

function resolve(argv: Word[], assignments: string[], source: string, ctx: Context): void {
  const [name, ...args] = argv;
  const words = argv.map((w) => w.value ?? w.text);
  if (name.value !== undefined && RESERVED.has(name.value)) {
    ctx.out.unknown.push(`bash reads ${name.value} as syntax the parser did not follow`);
    ctx.out.commands.push({ words, assignments, source, transparent: false });
    if (args.length) code(args.map((w) => w.text).join(" "), ctx);
    return;
  }
  // zsh expands `=rm` to rm's path.
  if (name.value === undefined || name.value.startsWith("=")) {
    ctx.out.unknown.push(`the command name ${name.text} is only known when it runs`);
    ctx.out.commands.push({ words, assignments, source, transparent: false });
    return;
  }
  words[0] = name.value.includes("/") ? basename(name.value) : name.value;
  const command: SimpleCommand = { words, assignments, source, transparent: false };
  ctx.out.commands.push(command);
  const inner = unwrap(words[0], args);
  if (!inner) return;
  switch (inner.kind) {
    case "command":
      command.transparent = inner.transparent;
      resolve(inner.argv, [...assignments, ...(inner.assignments ?? [])], joined(inner.argv), ctx);
      return;
    case "each":
      for (const argv of inner.argvs) resolve(argv, [], joined(argv), ctx);
      return;
    case "code":
      if (inner.code.some((w) => w.value === undefined)) ctx.out.unknown.push(`${words[0]} runs code that is only known when it runs`);
      else code(inner.code.map((w) => w.value).join(" "), ctx);
      return;
    case "stdin":
      ctx.out.unknown.push(`${words[0]} reads the commands it runs from its input`);
      // Its rules still see what a here-document gives it.
      if (ctx.stdin !== undefined) code(ctx.stdin, ctx);
      return;
    case "unknown":
      ctx.out.unknown.push(inner.why);
  }
}

function code(text: string, ctx: Context): void {
  if (ctx.depth >= MAX_DEPTH) {
    ctx.out.unknown.push(`code nested more than ${MAX_DEPTH} levels deep`);
    return;
  }
  const inner = analyseShell(text, ctx.depth + 1);
  ctx.out.commands.push(...inner.commands);
  ctx.out.unknown.push(...inner.unknown);
}

/** Where a newline may stand inside a command: quotes, substitutions, arrays. */
const NEWLINE_OK = new Set([
  "string",
  "raw_string",
  "ansi_c_string",
  "translated_string",
  "command_substitution",
  "process_substitution",
  "expansion",
  "arithmetic_expansion",
  "array",
  "heredoc_body",
]);

/**
 * Spellings where tree-sitter-bash's words are not bash's: bash joins the halves of `r\<newline>m`
 * into one word (the parser reads two), and an unquoted newline always ends a command in bash
 * (the parser can take `echo ok<newline>\curl x` for one command).
 */
function misreadWords(node: SyntaxNode): string | undefined {
  const parts = node.children;
  for (let i = 1; i < parts.length; i++) {
    const gap = node.text.slice(parts[i - 1].end - node.start, parts[i].start - node.start);
    if (gap.startsWith("\\")) return "a line continuation inside a word";
  }
  let text = node.text;
  const stack = [...parts];
  for (let part = stack.pop(); part; part = stack.pop()) {
    if (NEWLINE_OK.has(part.type)) {
      const [from, to] = [part.start - node.start, part.end - node.start];
      text = text.slice(0, from) + " ".repeat(to - from) + text.slice(to);
    } else stack.push(...part.children);
  }
  return /(^|[^\\])(\\\\)*\n/.test(text) ? "a newline the parser read inside a command" : undefined;
}

function toWord(node: SyntaxNode): Word {
  const value = staticWord(node);
  return value === undefined ? { text: node.text } : { value, text: node.text };
}

function joined(argv: Word[]): string {
  return argv.map((w) => w.text).join(" ");
}

/** The here-document or here-string attached to a command (`bash <<'EOF' … EOF`, `sh <<< 'rm x'`). */
function stdinText(node: SyntaxNode): string | undefined {
  const parent = node.parent;
  if (parent?.type !== "redirected_statement") return undefined;
  for (const redirect of parent.children) {
    if (redirect.type === "heredoc_redirect") return redirect.children.find((c) => c.type === "heredoc_body")?.text;
    if (redirect.type === "herestring_redirect") {
      const word = redirect.children.filter((c) => c.named).at(-1);
      return word ? (staticWord(word) ?? word.text) : undefined;
    }
  }
  return undefined;
}
