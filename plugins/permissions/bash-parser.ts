// The bash grammar, loaded on first need: web-tree-sitter (tree-sitter's WebAssembly runtime) with
// tree-sitter-bash's grammar (.wasm shipped in the package). Loading costs ~70 ms and a few MB, so it
// happens the first time a bash rule is checked, never at start-up. Parsing a typical command then
// takes a fraction of a millisecond. Both packages stay npm packages (not bundled into dist/): their
// .wasm files are found beside them in node_modules, from source and from dist/ alike.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Parser, Tree } from "web-tree-sitter";

/**
 * A syntax node copied out of the WebAssembly tree in one cursor walk: reading nodes through
 * web-tree-sitter's object API costs a call into WebAssembly per property, several times the parse.
 */
export interface SyntaxNode {
  type: string;
  /** A named node (`word`, `command`), not a token (`;`, `"`). */
  named: boolean;
  /** The field it fills in its parent (`name`, `argument`, `body`), if any. */
  field: string | null;
  /** Offsets in the source, in UTF-16 code units. */
  start: number;
  end: number;
  text: string;
  children: SyntaxNode[];
  parent: SyntaxNode | undefined;
}

export interface ParsedBash {
  root: SyntaxNode;
  /** The parser met an error or had to invent a missing token. */
  hasError: boolean;
}

const load = createRequire(import.meta.url);
let parser: Parser | undefined;
let failure: string | undefined;
let loading: Promise<void> | undefined;

/** Loads the parser once; never rejects (a failure is kept and reported by bashParser()). */
export function loadBashParser(): Promise<void> {
  loading ??= (async () => {
    try {
      const ts = load("web-tree-sitter") as typeof import("web-tree-sitter");
      const runtime = readFileSync(load.resolve("web-tree-sitter/tree-sitter.wasm"));
      await ts.Parser.init({
        // Emscripten's hook for instantiating the runtime ourselves: synchronously, without tier-up.
        instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
          const [instance, module] = withoutEarlyTierUp(() => instantiate(runtime, imports));
          done(instance, module);
          return {};
        },
      });
      const grammar = readFileSync(load.resolve("tree-sitter-bash/tree-sitter-bash.wasm"));
      const language = await instantiatingOnce(grammar, () => ts.Language.load(grammar));
      const p = new ts.Parser();
      p.setLanguage(language);
      parser = p;
    } catch (error) {
      failure = `the bash parser could not load (${(error as Error).message})`;
    }
  })();
  return loading;
}

// V8 gives each WebAssembly module a tier-up budget when it is compiled (--wasm-tiering-budget, about
// 1.8 MB of code run). The grammar's lexer and the runtime's parse loop spend it on the first command
// parsed, and TurboFan then compiles those huge functions on V8's helper threads: ~1 CPU-s and ~18,000
// fresh pages (~70 MB), and a process that exits soon after waits for it (a `pi -p` whose one bash
// call met a Bash(...) rule: 2.0 CPU-s against 0.5). Liftoff's code parses a command in well under a
// millisecond, so the modules are compiled with a budget no first use spends; a long session's hot
// functions still tier up later (the budget V8 refills them with is the normal one again).
const NO_EARLY_TIER_UP = "--wasm-tiering-budget=2000000000";
const DEFAULT_BUDGET = "--wasm-tiering-budget=1800000";

/**
 * Runs `make` (synchronous: a module compiled and instantiated) with the large budget set, then sets V8's default
 * back. Synchronous on purpose: a code cache is refused while any V8 flag differs from the value it
 * was made under, so no script may load between the two calls (set back, the flags hash as before).
 */
function withoutEarlyTierUp<T>(make: () => T): T {
  const v8 = load("node:v8") as typeof import("node:v8");
  v8.setFlagsFromString(NO_EARLY_TIER_UP);
  try {
    return make();
  } finally {
    v8.setFlagsFromString(DEFAULT_BUDGET);
  }
}

/** Compiles and instantiates `bytes` synchronously (the budget is taken when the module is compiled). */
function instantiate(bytes: Uint8Array, imports?: WebAssembly.Imports): [WebAssembly.Instance, WebAssembly.Module] {
  const module = new WebAssembly.Module(bytes as Uint8Array<ArrayBuffer>);
  return [new WebAssembly.Instance(module, imports), module];
}

/**
 * web-tree-sitter's Language.load instantiates the grammar with `WebAssembly.instantiate` (async:
 * the event loop could run, and load scripts, while the flag is set). For the duration of `run`,
 * that call for these very bytes is answered synchronously under withoutEarlyTierUp instead.
 */
async function instantiatingOnce<T>(bytes: Uint8Array, run: () => Promise<T>): Promise<T> {
  const original = WebAssembly.instantiate;
  const patched = ((source: unknown, imports?: WebAssembly.Imports) => {
    if (source !== bytes) return (original as (s: unknown, i?: WebAssembly.Imports) => Promise<unknown>)(source, imports);
    WebAssembly.instantiate = original;
    try {
      const [instance, module] = withoutEarlyTierUp(() => instantiate(bytes, imports));
      return Promise.resolve({ module, instance });
    } catch (error) {
      return Promise.reject(error);
    }
  }) as typeof WebAssembly.instantiate;
  WebAssembly.instantiate = patched;
  try {
    return await run();
  } finally {
    if (WebAssembly.instantiate === patched) WebAssembly.instantiate = original;
  }
}

/** The loaded parser, or why there is none (not loaded yet, or it failed to load). */
export function bashParser(): Parser | string {
  return parser ?? failure ?? "the bash parser is not loaded yet";
}

/** The syntax tree of a bash command line, or why there is none. */
export function parseBash(source: string): ParsedBash | string {
  const p = bashParser();
  if (typeof p === "string") return p;
  const tree = p.parse(source);
  if (!tree) return "the bash parser gave no result";
  try {
    return { root: copyTree(tree, source), hasError: tree.rootNode.hasError };
  } finally {
    tree.delete();
  }
}

function copyTree(tree: Tree, source: string): SyntaxNode {
  const cursor = tree.walk();
  const copy = (parent: SyntaxNode | undefined): SyntaxNode => {
    const [start, end] = [cursor.startIndex, cursor.endIndex];
    const text = source.slice(start, end);
    const node: SyntaxNode = {
      type: cursor.nodeType,
      named: cursor.nodeIsNamed,
      field: cursor.currentFieldName,
      start,
      end,
      text,
      children: [],
      parent,
    };
    parent?.children.push(node);
    return node;
  };
  const root = copy(undefined);
  let node = root;
  try {
    for (;;) {
      if (cursor.gotoFirstChild()) {
        node = copy(node);
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent() || !node.parent) return root;
        node = node.parent;
      }
      node = copy(node.parent);
    }
  } finally {
    cursor.delete();
  }
}
