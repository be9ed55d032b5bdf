// Editor completion: "/command" names (with argument hints and the command's own argument
// completions) at the start of the input, and fuzzy "@path" completion anywhere, from a
// .gitignore-aware file index. It only proposes; the editor applies the chosen item.
import type { EditorModel } from "./editor-model.js";
import type { FileIndex } from "./file-index.js";
import { fuzzyFilter } from "./fuzzy.js";
import type { Theme } from "./theme.js";
import { truncateToWidth, visibleWidth } from "./text.js";

export interface CompletionItem {
  value: string;
  label: string;
  description?: string;
}
export interface CommandInfo {
  name: string;
  description?: string;
  argumentHint?: string;
  getArgumentCompletions?(prefix: string): { value: string; label?: string }[] | undefined;
}

interface Target {
  row: number;
  start: number;
  end: number;
  suffix: string;
  prefix: string;
  kind: "command" | "argument" | "file";
}

export class Autocomplete {
  items: CompletionItem[] = [];
  selected = 0;
  private target: Target | undefined;
  private generation = 0;

  constructor(
    private readonly opts: {
      commands: () => CommandInfo[];
      files: FileIndex;
      maxVisible: () => number;
      onAsyncUpdate: () => void;
    },
  ) {}

  /** What the open list completes. */
  get kind(): Target["kind"] | undefined {
    return this.target?.kind;
  }

  get visible(): boolean {
    return this.items.length > 0;
  }

  hide(): void {
    this.items = [];
    this.target = undefined;
    this.generation++;
  }

  /** Recomputes the proposals for the text before the cursor. */
  update(model: EditorModel): void {
    const gen = ++this.generation;
    const line = model.lines[model.row];
    const before = line.slice(0, model.col);
    const slash = model.row === 0 ? /^\/(\S*)$/.exec(before) : null;
    if (slash)
      return this.set(this.commandItems(slash[1]), { row: 0, start: 0, end: model.col, suffix: " ", prefix: "/", kind: "command" });
    const args = model.row === 0 ? /^\/(\S+)\s+(.*)$/.exec(before) : null;
    if (args) {
      const cmd = this.opts.commands().find((c) => c.name === args[1]);
      const found = cmd?.getArgumentCompletions?.(args[2]) ?? [];
      const start = before.length - args[2].length;
      return this.set(
        found.map((f) => ({ value: f.value, label: f.label ?? f.value })),
        { row: 0, start, end: model.col, suffix: "", prefix: "", kind: "argument" },
      );
    }
    const at = /(?:^|\s)@(\S*)$/.exec(before);
    if (!at) return this.hide();
    const start = model.col - at[1].length - 1;
    void this.opts.files.list().then((files) => {
      if (gen !== this.generation) return;
      const picked = fuzzyFilter(at[1], files, (f) => f, 50);
      this.set(
        picked.map((f) => ({ value: f, label: f })),
        { row: model.row, start, end: model.col, suffix: " ", prefix: "@", kind: "file" },
      );
      this.opts.onAsyncUpdate();
    });
  }

  move(delta: number): void {
    if (!this.items.length) return;
    this.selected = (this.selected + delta + this.items.length) % this.items.length;
  }

  /** Replaces the completed word with the selected item; returns whether it changed the text. */
  apply(model: EditorModel): boolean {
    const item = this.items[this.selected];
    const t = this.target;
    if (!item || !t || model.row !== t.row) return false;
    const line = model.lines[t.row];
    // Directories keep completing; everything else ends with the suffix (a space).
    const suffix = item.value.endsWith("/") ? "" : t.suffix;
    const replacement = t.prefix + item.value + suffix;
    const current = line.slice(t.start, t.end);
    this.hide();
    if (current === replacement || current === replacement.trimEnd()) return false;
    model.col = t.start;
    model.lines[t.row] = line.slice(0, t.start) + line.slice(t.end);
    model.insert(replacement);
    return true;
  }

  render(width: number, theme: Theme): string[] {
    if (!this.items.length) return [];
    const max = Math.max(1, this.opts.maxVisible());
    const first = Math.max(0, Math.min(this.selected - Math.floor(max / 2), this.items.length - max));
    const shown = this.items.slice(first, first + max);
    const labelWidth = Math.min(Math.max(...shown.map((i) => visibleWidth(i.label))) + 2, Math.floor(width / 2));
    const lines = shown.map((item, i) => {
      const selected = first + i === this.selected;
      const label = item.label + " ".repeat(Math.max(1, labelWidth - visibleWidth(item.label)));
      const text = (selected ? "› " : "  ") + label + (item.description ? theme.fg("muted", item.description) : "");
      const line = truncateToWidth(text, width);
      return selected ? theme.fg("accent", line) : line;
    });
    if (this.items.length > max) lines.push(theme.fg("dim", `  (${this.selected + 1}/${this.items.length})`));
    return lines;
  }

  private set(items: CompletionItem[], target: Target): void {
    this.items = items;
    this.target = items.length ? target : undefined;
    this.selected = 0;
  }

  private commandItems(query: string): CompletionItem[] {
    const commands = this.opts.commands();
    const byPrefix = commands.filter((c) => c.name.startsWith(query));
    const list = byPrefix.length ? byPrefix.sort((a, b) => a.name.localeCompare(b.name)) : fuzzyFilter(query, commands, (c) => c.name);
    return list.map((c) => ({
      value: c.name,
      label: `/${c.name}${c.argumentHint ? ` ${c.argumentHint}` : ""}`,
      description: c.description,
    }));
  }
}
