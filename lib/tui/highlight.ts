// Syntax highlighting for code blocks with highlight.js. Only its core is loaded, and each
// language's grammar the first time a block in that language appears (synchronously, through
// require, so a frame never waits): all ~190 grammars at once would cost over 20 MB of memory.
// Its output is HTML made of nested <span class="hljs-..."> and escaped text, which we turn
// into the theme's nine syntax colours.
import { createRequire } from "node:module";
import type { HLJSApi } from "highlight.js";
import type { ColorToken, Theme } from "./theme.js";

const require = createRequire(import.meta.url);
let hljs: HLJSApi | undefined;
const missing = new Set<string>();

// highlight.js scope (classes joined by ".", "hljs-" and trailing "_" removed) → theme token.
const SCOPES: Record<string, ColorToken> = {
  comment: "syntaxComment",
  quote: "syntaxComment",
  doctag: "syntaxComment",
  meta: "syntaxComment",
  keyword: "syntaxKeyword",
  "selector-tag": "syntaxKeyword",
  literal: "syntaxKeyword",
  section: "syntaxKeyword",
  tag: "syntaxKeyword",
  name: "syntaxKeyword",
  title: "syntaxFunction",
  "title.function": "syntaxFunction",
  "title.function.invoke": "syntaxFunction",
  function: "syntaxFunction",
  variable: "syntaxVariable",
  params: "syntaxVariable",
  attr: "syntaxVariable",
  attribute: "syntaxVariable",
  "template-variable": "syntaxVariable",
  property: "syntaxVariable",
  "selector-attr": "syntaxVariable",
  subst: "syntaxVariable",
  string: "syntaxString",
  regexp: "syntaxString",
  symbol: "syntaxString",
  char: "syntaxString",
  number: "syntaxNumber",
  type: "syntaxType",
  "title.class": "syntaxType",
  "title.class.inherited": "syntaxType",
  built_in: "syntaxType",
  class: "syntaxType",
  "selector-class": "syntaxType",
  operator: "syntaxOperator",
  punctuation: "syntaxPunctuation",
  addition: "toolDiffAdded",
  deletion: "toolDiffRemoved",
};

const ALIASES: Record<string, string> = {
  ts: "typescript",
  tsx: "typescript",
  mts: "typescript",
  cts: "typescript",
  js: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  console: "bash",
  py: "python",
  rs: "rust",
  yml: "yaml",
  md: "markdown",
  jsonc: "json",
  json5: "json",
  html: "xml",
  htm: "xml",
  svg: "xml",
  vue: "xml",
  "c++": "cpp",
  cc: "cpp",
  hpp: "cpp",
  hh: "cpp",
  h: "c",
  cs: "csharp",
  kt: "kotlin",
  kts: "kotlin",
  rb: "ruby",
  golang: "go",
  ps1: "powershell",
  dockerfile: "dockerfile",
  tf: "ini",
  toml: "ini",
  patch: "diff",
  txt: "plaintext",
  text: "plaintext",
  hs: "haskell",
  ex: "elixir",
  exs: "elixir",
  pl: "perl",
};

function core(): HLJSApi {
  return (hljs ??= require("highlight.js/lib/core") as HLJSApi);
}

/** The language for a fence info string or a file path, loading its grammar; undefined if none. */
export function languageFor(hint: string | undefined): string | undefined {
  if (!hint) return undefined;
  const word = hint.trim().split(/\s+/)[0].toLowerCase();
  const base = word.slice(word.lastIndexOf("/") + 1);
  const ext = base.includes(".") ? base.slice(base.lastIndexOf(".") + 1) : base;
  for (const candidate of [ALIASES[base] ?? base, ALIASES[ext] ?? ext]) {
    if (!/^[a-z0-9-]+$/.test(candidate) || missing.has(candidate)) continue;
    if (core().getLanguage(candidate)) return candidate;
    try {
      core().registerLanguage(candidate, require(`highlight.js/lib/languages/${candidate}`));
      return candidate;
    } catch {
      missing.add(candidate);
    }
  }
  return undefined;
}

/** Highlights code into lines; unknown languages come back in the theme's code colour. */
export function highlightCode(code: string, language: string | undefined, theme: Theme): string[] {
  const lang = languageFor(language);
  const plain = () => code.split("\n").map((l) => theme.fg("mdCodeBlock", l));
  if (!lang || lang === "plaintext") return plain();
  let html: string;
  try {
    html = core().highlight(code, { language: lang, ignoreIllegals: true }).value;
  } catch {
    return plain();
  }
  // Walk the spans, splitting at newlines so every line carries its own colours.
  const lines: string[] = [""];
  const stack: (ColorToken | undefined)[] = [];
  for (const m of html.matchAll(/<span class="([^"]+)">|<\/span>|[^<]+/g)) {
    if (m[1] !== undefined) {
      const scope = m[1]
        .split(" ")
        .map((c) => c.replace(/^hljs-/, "").replace(/_+$/, ""))
        .join(".");
      stack.push(SCOPES[scope] ?? SCOPES[scope.split(".")[0]] ?? stack[stack.length - 1]);
    } else if (m[0] === "</span>") stack.pop();
    else {
      const token = stack[stack.length - 1] ?? "mdCodeBlock";
      decode(m[0])
        .split("\n")
        .forEach((part, i) => {
          if (i > 0) lines.push("");
          if (part) lines[lines.length - 1] += theme.fg(token, part);
        });
    }
  }
  return lines;
}

function decode(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|#x27|#39);/g,
    (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" })[e]!,
  );
}
