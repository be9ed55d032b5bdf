// The /tree view: the session's entries as a tree the user moves through, searches by typing,
// filters (default → no-tools → user-only → labeled-only → all), folds, and labels. Enter picks
// an entry, Esc clears the search or cancels. Keys are pi's ids (app.tree.*, tui.select.*).
import type { Component } from "./component.js";
import type { Keybindings } from "./keybindings.js";
import type { InputEvent, Key } from "./keys.js";
import type { Theme } from "./theme.js";
import { truncateToWidth } from "./text.js";
import { layoutRows, orderTree, TREE_FILTERS, type Ordered, type TreeFilter, type TreeItem, type TreeRow } from "./tree-layout.js";

export interface TreeViewOptions {
  roots: TreeItem[];
  leafId: string | null;
  theme: () => Theme;
  keys: Keybindings;
  /** Rows of entries shown at once (pi: half the terminal). */
  maxVisible: number;
  filter?: TreeFilter;
  /** The entry selected at first (default: the current leaf). */
  initialId?: string;
  onSelect(id: string): void;
  onCancel(): void;
  /** A label was set (or removed: undefined). */
  onLabel(id: string, label: string | undefined): void;
  /** Something changed that needs drawing (the UI draws after each key anyway). */
  requestRender?(): void;
}

const FILTER_KEYS: Record<string, TreeFilter> = {
  "app.tree.filter.noTools": "no-tools",
  "app.tree.filter.userOnly": "user-only",
  "app.tree.filter.labeledOnly": "labeled-only",
  "app.tree.filter.all": "all",
};
const FILTER_TAGS: Record<TreeFilter, string> = {
  default: "",
  "no-tools": " [no-tools]",
  "user-only": " [user]",
  "labeled-only": " [labeled]",
  all: " [all]",
};

export class TreeView implements Component {
  private readonly tree: Ordered;
  private filter: TreeFilter;
  private query = "";
  private readonly folded = new Set<string>();
  private rows: TreeRow[] = [];
  /** Row index by entry id, so moving the cursor does not scan a long session's rows. */
  private rowIndex = new Map<string, number>();
  private selectedId: string | undefined;
  private showLabelTimes = false;
  /** The label being typed for an entry (shift+l), or undefined when not editing. */
  private editing: { id: string; text: string } | undefined;

  constructor(private readonly opts: TreeViewOptions) {
    this.tree = orderTree(opts.roots, opts.leafId);
    this.filter = opts.filter && TREE_FILTERS.includes(opts.filter) ? opts.filter : "default";
    this.selectedId = opts.initialId ?? opts.leafId ?? undefined;
    this.relayout();
  }

  /** The current filter, search text and selected entry (for tests and the status line). */
  get state(): {
    filter: TreeFilter;
    query: string;
    selectedId: string | undefined;
    rows: readonly TreeRow[];
    folded: ReadonlySet<string>;
  } {
    return { filter: this.filter, query: this.query, selectedId: this.selectedId, rows: this.rows, folded: this.folded };
  }

  handle(event: InputEvent): void {
    if (this.editing) return this.editLabel(event);
    if (event.type === "paste") return this.search(this.query + event.text.replace(/\s+/g, " "));
    const k = event.key;
    const is = (id: string) => this.opts.keys.matches(k, id);
    const index = this.index();
    if (is("tui.select.up")) return this.selectAt(index <= 0 ? this.rows.length - 1 : index - 1);
    if (is("tui.select.down")) return this.selectAt(index >= this.rows.length - 1 ? 0 : index + 1);
    if (is("app.tree.foldOrUp")) return this.foldOrUp(index);
    if (is("app.tree.unfoldOrDown")) return this.unfoldOrDown(index);
    if (is("tui.select.pageUp") || is("tui.editor.cursorLeft")) return this.selectAt(Math.max(0, index - this.opts.maxVisible));
    if (is("tui.select.pageDown") || is("tui.editor.cursorRight"))
      return this.selectAt(Math.min(this.rows.length - 1, index + this.opts.maxVisible));
    if (is("tui.select.confirm")) return void (this.selectedId && this.rows.length && this.opts.onSelect(this.selectedId));
    if (is("tui.select.cancel")) return this.query ? this.search("") : this.opts.onCancel();
    if (is("app.tree.filter.default")) return this.setFilter("default");
    for (const [id, filter] of Object.entries(FILTER_KEYS)) if (is(id)) return this.setFilter(this.filter === filter ? "default" : filter);
    if (is("app.tree.filter.cycleForward")) return this.cycle(1);
    if (is("app.tree.filter.cycleBackward")) return this.cycle(-1);
    if (is("app.tree.editLabel")) return this.startLabel();
    if (is("app.tree.toggleLabelTimestamp")) {
      this.showLabelTimes = !this.showLabelTimes;
      return;
    }
    if (k.name === "backspace") return this.search(this.query.slice(0, -1));
    if (k.text && !k.ctrl && !k.alt) return this.search(this.query + k.text);
  }

  render(width: number): string[] {
    const t = this.opts.theme();
    const rule = t.fg("borderAccent", "─".repeat(width));
    const keys = (id: string) => this.opts.keys.keys(id)[0] ?? "";
    const filterKeys = ["default", "noTools", "userOnly", "labeledOnly", "all"].map((f) => keys(`app.tree.filter.${f}`)).join("/");
    const help = `↑/↓ move · ←/→ page · ${keys("app.tree.foldOrUp")}/${keys("app.tree.unfoldOrDown")} fold/branch · ${keys("app.tree.editLabel")} label · ${keys("app.tree.toggleLabelTimestamp")} label time · ${filterKeys} filters (${keys("app.tree.filter.cycleForward")} cycle) · enter select · esc ${this.query ? "clear search" : "cancel"}`;
    const lines = [
      rule,
      `  ${t.bold(t.fg("accent", "Session Tree"))}`,
      truncateToWidth(`  ${t.fg("muted", help)}`, width),
      truncateToWidth(`  ${t.fg("muted", "Type to search:")} ${t.fg("accent", this.query)}`, width),
      rule,
    ];
    if (this.editing) {
      lines.push(`  ${t.fg("muted", "Label (empty to remove):")}`);
      lines.push(truncateToWidth(`  ${t.fg("accent", "› ")}${this.editing.text}${t.inverse(" ")}`, width));
      lines.push(`  ${t.fg("dim", "enter save · esc cancel")}`);
      lines.push(rule);
      return lines;
    }
    const status = `${FILTER_TAGS[this.filter]}${this.showLabelTimes ? " [+label time]" : ""}`;
    if (!this.rows.length) {
      lines.push(t.fg("muted", "  No entries found"), t.fg("muted", `  (0/0)${status}`), rule);
      return lines;
    }
    const index = this.index();
    const max = this.opts.maxVisible;
    const first = Math.max(0, Math.min(index - Math.floor(max / 2), this.rows.length - max));
    for (const row of this.rows.slice(first, first + max)) lines.push(this.drawRow(row, row.item.id === this.selectedId, width, t));
    lines.push(t.fg("muted", `  (${index + 1}/${this.rows.length})${status}`), rule);
    return lines;
  }

  private drawRow(row: TreeRow, selected: boolean, width: number, t: Theme): string {
    const item = row.item;
    const fold = this.folded.has(item.id) ? t.fg("accent", "⊞ ") : "";
    const onPath = this.tree.activePath.has(item.id) ? t.fg("accent", "• ") : "";
    const label = item.label ? t.fg("warning", `[${item.label}] `) : "";
    const time = this.showLabelTimes && item.label && item.labelTime ? t.fg("muted", `${labelTime(item.labelTime)} `) : "";
    const tag = item.tag ? t.fg(item.tagToken ?? "accent", item.tag) : "";
    const text = item.textToken ? t.fg(item.textToken, item.text) : item.text;
    const leaf = item.id === this.opts.leafId ? t.fg("accent", "  ← you are here") : "";
    const line = `${selected ? t.fg("accent", "› ") : "  "}${t.fg("dim", row.prefix)}${fold}${onPath}${label}${time}${tag}${text}${leaf}`;
    const cut = truncateToWidth(line, width);
    return selected ? t.bg("selectedBg", cut) : cut;
  }

  private index(): number {
    return this.selectedId === undefined ? -1 : (this.rowIndex.get(this.selectedId) ?? -1);
  }

  private selectAt(i: number): void {
    this.selectedId = this.rows[i]?.item.id ?? this.selectedId;
  }

  /** Recomputes the rows; a selection that is no longer shown moves to its nearest shown ancestor. */
  private relayout(): void {
    this.rows = layoutRows(this.tree, { filter: this.filter, query: this.query, leafId: this.opts.leafId, folded: this.folded });
    this.rowIndex = new Map(this.rows.map((r, i) => [r.item.id, i]));
    let id: string | null | undefined = this.selectedId;
    while (id && !this.rowIndex.has(id)) id = this.tree.parent.get(id);
    if (id) this.selectedId = id;
    else if (this.rows.length) this.selectedId = this.rows[this.rows.length - 1].item.id;
  }

  private search(query: string): void {
    this.query = query;
    this.folded.clear();
    this.relayout();
  }

  private setFilter(filter: TreeFilter): void {
    this.filter = filter;
    this.folded.clear();
    this.relayout();
  }

  private cycle(step: number): void {
    const i = TREE_FILTERS.indexOf(this.filter);
    this.setFilter(TREE_FILTERS[(i + step + TREE_FILTERS.length) % TREE_FILTERS.length]);
  }

  /** Folds a branch start with children; otherwise jumps to the start of the branch above. */
  private foldOrUp(index: number): void {
    const row = this.rows[index];
    if (!row) return;
    if (row.segmentStart && row.hasChildren && !this.folded.has(row.item.id)) {
      this.folded.add(row.item.id);
      return this.relayout();
    }
    const rowOf = (id: string) => this.rows[this.rowIndex.get(id) ?? -1];
    let p = row.parentId;
    while (p !== null && !rowOf(p)?.segmentStart) p = rowOf(p)?.parentId ?? null;
    this.selectedId = p ?? this.rows[0].item.id;
  }

  /** Unfolds a folded entry; otherwise jumps to the next branch start below. */
  private unfoldOrDown(index: number): void {
    const row = this.rows[index];
    if (!row) return;
    if (this.folded.delete(row.item.id)) return this.relayout();
    const next = this.rows.findIndex((r, i) => i > index && r.segmentStart);
    this.selectAt(next < 0 ? this.rows.length - 1 : next);
  }

  private startLabel(): void {
    const row = this.rows[this.index()];
    if (row) this.editing = { id: row.item.id, text: row.item.label ?? "" };
  }

  private editLabel(event: InputEvent): void {
    const edit = this.editing!;
    if (event.type === "paste") {
      edit.text += event.text.replace(/\s+/g, " ");
      return;
    }
    const k: Key = event.key;
    if (this.opts.keys.matches(k, "tui.select.cancel")) {
      this.editing = undefined;
      return;
    }
    if (this.opts.keys.matches(k, "tui.select.confirm")) {
      this.editing = undefined;
      const label = edit.text.trim() || undefined;
      const item = this.tree.items.find((i) => i.id === edit.id);
      if (item) {
        item.label = label;
        item.labelTime = label ? new Date().toISOString() : undefined;
      }
      this.opts.onLabel(edit.id, label);
      return this.relayout();
    }
    if (k.name === "backspace") edit.text = edit.text.slice(0, -1);
    else if (k.text && !k.ctrl && !k.alt) edit.text += k.text;
  }
}

/** "14:05" today, "3/7 14:05" this year, "24/3/7 14:05" before (pi's format). */
export function labelTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const time = `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
  if (d.toDateString() === now.toDateString()) return time;
  const day = `${d.getMonth() + 1}/${d.getDate()}`;
  return d.getFullYear() === now.getFullYear() ? `${day} ${time}` : `${String(d.getFullYear()).slice(-2)}/${day} ${time}`;
}
