// The project's source files and the imports between them, read from the text (no compiler):
// enough for the architectural rules in test/kernel/boundaries.test.ts. A "value" import is one
// that loads the module at run time: `import type` / `export type` and dynamic `import()` are not.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Folders holding the product's source (tests, benches and examples are not the product). */
export const SOURCE_DIRS = ["kernel", "contracts", "lib", "compose", "plugins", "cli", "sdk"];

export interface SourceFile {
  /** Path relative to the repository root, with "/" separators. */
  path: string;
  text: string;
  /** Code without comments and string contents (for searching code only). */
  code: string;
  imports: Import[];
}
export interface Import {
  spec: string;
  /** The imported file, relative to the root, when the spec is relative. */
  target?: string;
  /** Loads the module when this file loads (not type-only, not a dynamic import()). */
  value: boolean;
  line: number;
}

export function sourceFiles(dirs = SOURCE_DIRS): SourceFile[] {
  return dirs
    .flatMap((d) => walk(join(ROOT, d)))
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    .map(read);
}

function walk(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((n) => {
    if (n === "node_modules" || n === "dist") return [];
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

function read(file: string): SourceFile {
  const text = readFileSync(file, "utf8");
  const path = relative(ROOT, file).split("\\").join("/");
  return { path, text, code: stripComments(text), imports: importsOf(path, text) };
}

const STATIC = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']/gm;
const BARE = /^\s*import\s+["']([^"']+)["']/gm;
const DYNAMIC = /import\(\s*["']([^"']+)["']\s*\)/g;

function importsOf(path: string, text: string): Import[] {
  const out: Import[] = [];
  const lineOf = (index: number) => text.slice(0, index).split("\n").length;
  for (const m of text.matchAll(STATIC)) {
    const typeOnly = Boolean(m[2]) || /^\{\s*(type\s+[^,}]+,?\s*)+\}$/.test(m[3]!.trim());
    out.push(entry(path, m[4]!, !typeOnly, lineOf(m.index!)));
  }
  for (const m of text.matchAll(BARE)) out.push(entry(path, m[1]!, true, lineOf(m.index!)));
  for (const m of text.matchAll(DYNAMIC)) out.push(entry(path, m[1]!, false, lineOf(m.index!)));
  return out;
}

function entry(path: string, spec: string, value: boolean, line: number): Import {
  if (!spec.startsWith(".")) return { spec, value, line };
  const target = relative(ROOT, resolve(ROOT, dirname(path), spec))
    .split("\\")
    .join("/")
    .replace(/\.js$/, ".ts");
  return { spec, target, value, line };
}

/** Comments removed and string/template contents blanked, so code searches see only code. */
export function stripComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1")
    .replace(/`(?:\\.|[^`\\])*`/g, "``");
}

/** Every cycle of value imports, each as the list of files around it. */
export function valueCycles(files: SourceFile[]): string[][] {
  const edges = new Map(files.map((f) => [f.path, f.imports.filter((i) => i.value && i.target).map((i) => i.target!)]));
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!edges.has(next)) continue;
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

/** The top-level area a file belongs to: "plugins/<name>", "lib/<name>", or its first folder. */
export function areaOf(path: string): string {
  const [top, second] = path.split("/");
  return top === "plugins" || top === "lib" ? `${top}/${second}` : top!;
}
