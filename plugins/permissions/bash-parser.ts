// The bash grammar, loaded on first need: web-tree-sitter (tree-sitter's WebAssembly runtime) with
// tree-sitter-bash's grammar (.wasm shipped in the package). Loading costs ~70 ms and a few MB, so it
// happens the first time a bash rule is checked, never at start-up. Parsing a typical command then
// takes a fraction of a millisecond. Both packages stay npm packages (not bundled into dist/): their
// .wasm files are found beside them in node_modules, from source and from dist/ alike.
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
      await ts.Parser.init();
      const language = await ts.Language.load(load.resolve("tree-sitter-bash/tree-sitter-bash.wasm"));
      const p = new ts.Parser();
      p.setLanguage(language);
      parser = p;
    } catch (error) {
      failure = `the bash parser could not load (${(error as Error).message})`;
    }
  })();
  return loading;
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
