// The rows of the session tree view: depth-first order with the branch holding the current leaf
// first, the filter modes and search, folding, and the connectors drawn where the conversation
// branches. Pure data in, rows out, so the view (tree-view.ts) only keeps state and draws.
import type { ColorToken } from "./theme.js";

export type TreeFilter = "default" | "no-tools" | "user-only" | "labeled-only" | "all";
export const TREE_FILTERS: readonly TreeFilter[] = ["default", "no-tools", "user-only", "labeled-only", "all"];

export interface TreeItem {
  id: string;
  /** What the filters look at: settings are bookkeeping entries (model, label, custom, name). */
  kind: "user" | "assistant" | "toolResult" | "settings" | "other";
  /** An assistant message that only calls tools: hidden unless it is the current leaf (as pi). */
  quiet?: boolean;
  /** A coloured lead-in ("user: ") and the entry's one-line text. */
  tag?: string;
  tagToken?: ColorToken;
  text: string;
  textToken?: ColorToken;
  label?: string;
  /** When the label was set (ISO time), shown with shift+t. */
  labelTime?: string;
  children: TreeItem[];
}

export interface TreeRow {
  item: TreeItem;
  /** Gutters and connector ("│  ├─ "), drawn dim before the entry. */
  prefix: string;
  /** The nearest visible ancestor (null at the top). */
  parentId: string | null;
  /** A root or the first entry of a branch: what folding and branch jumps work on. */
  segmentStart: boolean;
  /** Has visible children (before folding hides them). */
  hasChildren: boolean;
}

export interface Ordered {
  items: TreeItem[];
  parent: Map<string, string | null>;
  activePath: Set<string>;
}

/** Depth-first order; among siblings the one leading to `leafId` comes first. */
export function orderTree(roots: TreeItem[], leafId: string | null): Ordered {
  const parent = new Map<string, string | null>();
  const byId = new Map<string, TreeItem>();
  const stack: [TreeItem, string | null][] = roots.map((r) => [r, null]);
  while (stack.length) {
    const [item, p] = stack.pop()!;
    byId.set(item.id, item);
    parent.set(item.id, p);
    for (const c of item.children) stack.push([c, item.id]);
  }
  const activePath = new Set<string>();
  for (let id = leafId; id !== null && byId.has(id) && !activePath.has(id); ) {
    activePath.add(id);
    id = parent.get(id) ?? null;
  }
  const first = (list: TreeItem[]) => {
    const i = list.findIndex((c) => activePath.has(c.id));
    return i <= 0 ? list : [list[i], ...list.slice(0, i), ...list.slice(i + 1)];
  };
  const items: TreeItem[] = [];
  const walk = [...first(roots)].reverse();
  while (walk.length) {
    const item = walk.pop()!;
    items.push(item);
    const kids = first(item.children);
    for (let i = kids.length - 1; i >= 0; i--) walk.push(kids[i]);
  }
  return { items, parent, activePath };
}

export function passesFilter(item: TreeItem, filter: TreeFilter): boolean {
  switch (filter) {
    case "user-only":
      return item.kind === "user";
    case "no-tools":
      return item.kind !== "settings" && item.kind !== "toolResult";
    case "labeled-only":
      return item.label !== undefined;
    case "all":
      return true;
    default:
      return item.kind !== "settings";
  }
}

export function searchText(item: TreeItem): string {
  return `${item.label ?? ""} ${item.tag ?? ""}${item.text}`.toLowerCase();
}

export interface LayoutOptions {
  filter: TreeFilter;
  query: string;
  leafId: string | null;
  folded: ReadonlySet<string>;
}

/** The rows to draw: entries passing the filter and search, attached to their nearest shown ancestor. */
export function layoutRows(tree: Ordered, opts: LayoutOptions): TreeRow[] {
  const tokens = opts.query.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = tree.items.filter((item) => {
    if (item.quiet && item.id !== opts.leafId) return false;
    if (!passesFilter(item, opts.filter)) return false;
    const text = tokens.length ? searchText(item) : "";
    return tokens.every((t) => text.includes(t));
  });
  const visible = new Set(shown.map((i) => i.id));
  const visibleParent = (id: string): string | null => {
    let p = tree.parent.get(id) ?? null;
    while (p !== null && !visible.has(p)) p = tree.parent.get(p) ?? null;
    return p;
  };
  const kids = new Map<string | null, TreeItem[]>();
  const parents = new Map<string, string | null>();
  for (const item of shown) {
    const p = visibleParent(item.id);
    parents.set(item.id, p);
    const list = kids.get(p) ?? [];
    list.push(item);
    kids.set(p, list);
  }
  const rows: TreeRow[] = [];
  // An explicit stack: a long conversation is one deep chain, too deep for recursion.
  const stack: { item: TreeItem; base: string; connector: string; start: boolean }[] = [];
  const pushSiblings = (list: TreeItem[], base: string, top: boolean) => {
    const branching = list.length > 1;
    for (let i = list.length - 1; i >= 0; i--) {
      const last = i === list.length - 1;
      stack.push({
        item: list[i],
        base: branching ? base + (last ? "   " : "│  ") : base,
        connector: branching ? (last ? "└─ " : "├─ ") : "",
        start: branching || top,
      });
    }
  };
  pushSiblings(kids.get(null) ?? [], "", true);
  while (stack.length) {
    const { item, base, connector, start } = stack.pop()!;
    const children = kids.get(item.id) ?? [];
    const prefix = connector ? base.slice(0, base.length - 3) + connector : base;
    rows.push({ item, prefix, parentId: parents.get(item.id) ?? null, segmentStart: start, hasChildren: children.length > 0 });
    if (!opts.folded.has(item.id)) pushSiblings(children, base, false);
  }
  return rows;
}
