// The `pi config` screen, laid out as pi's: a header with the scope and its keys, a search line,
// then groups (a package, or the user's / the project's own resources), each with its kinds and
// one row per resource file. ↑↓ / PgUp PgDn move between rows, space or Enter switches the row,
// Tab changes between the global and the project view (when the project may be edited), typing
// filters, Esc or Ctrl+C closes. Rows are written through config-toggle.ts at once.
import { type Component, type InputEvent, type Keybindings, type Theme, truncateToWidth, visibleWidth } from "../lib/tui/index.js";
import type { ConfigDirs, ResourceRow } from "./config-resources.js";
import { nextState, type OverrideState, overrideState, setOverride, toggleGlobal } from "./config-toggle.js";

export type View = "global" | "project";

type Line = { type: "group"; row: ResourceRow } | { type: "kind"; row: ResourceRow } | { type: "item"; row: ResourceRow };

const KIND_LABELS = { extensions: "Extensions", skills: "Skills", prompts: "Prompts", themes: "Themes" } as const;
const KIND_ORDER = { extensions: 0, skills: 1, prompts: 2, themes: 3 } as const;

export interface ConfigViewOptions {
  rows: Record<View, ResourceRow[]>;
  view: View;
  projectAvailable: boolean;
  dirs: ConfigDirs;
  theme: Theme;
  keys: Keybindings;
  terminalRows: number;
  onClose(): void;
  /** A write failed (a broken settings file): shown, nothing else changes. */
  onError(message: string): void;
}

export class ConfigView implements Component {
  private view: View;
  private search = "";
  private lines: Line[] = [];
  private selected = 0;
  private error: string | undefined;
  /** The global view's states, what the project view inherits. */
  private readonly inherited: Map<string, boolean>;

  constructor(private readonly o: ConfigViewOptions) {
    this.view = o.view;
    this.inherited = new Map(o.rows.global.map((r) => [keyOf(r), r.enabled]));
    this.rebuild();
  }

  handle(event: InputEvent): void {
    if (event.type === "paste") return this.filter(this.search + event.text.replace(/\s+/g, " "));
    const k = event.key;
    const keys = this.o.keys;
    const page = this.visibleCount();
    if (keys.matches(k, "tui.select.up")) return this.move(-1);
    if (keys.matches(k, "tui.select.down")) return this.move(1);
    if (keys.matches(k, "tui.select.pageUp")) return this.move(-page);
    if (keys.matches(k, "tui.select.pageDown")) return this.move(page);
    if (keys.matches(k, "tui.select.cancel")) return this.o.onClose();
    if (keys.matches(k, "tui.input.tab")) return this.switchView();
    if (k.name === "space" || k.text === " " || keys.matches(k, "tui.select.confirm")) return this.toggle();
    if (k.name === "backspace") return this.filter(this.search.slice(0, -1));
    if (k.text) this.filter(this.search + k.text);
  }

  render(width: number): string[] {
    const t = this.o.theme;
    const border = t.fg("border", "─".repeat(width));
    const out = ["", border, "", ...this.header(width), "", truncateToWidth(`> ${this.search}`, width), ""];
    if (this.error) out.push(truncateToWidth(t.fg("error", `  ${this.error}`), width));
    if (!this.lines.some((l) => l.type === "item")) out.push(t.fg("muted", "  No resources found"));
    else out.push(...this.body(width));
    out.push("", border);
    return out;
  }

  private header(width: number): string[] {
    const t = this.o.theme;
    const project = this.view === "project";
    const title = t.bold(project ? "Project Local Resources" : "Global Resources");
    const sep = t.fg("muted", " · ");
    const hint = `${this.o.projectAvailable ? `tab switch mode${sep}` : ""}${project ? "space cycle inherit/+/-" : "space toggle"}${sep}esc close`;
    const gap = " ".repeat(Math.max(1, width - visibleWidth(title) - visibleWidth(hint)));
    const scope = project ? ".pi/settings.json · inherited global resources are dimmed" : "~/.pi/agent/settings.json";
    return [truncateToWidth(`${title}${gap}${t.fg("dim", hint)}`, width, ""), truncateToWidth(t.fg("muted", scope), width, "")];
  }

  private body(width: number): string[] {
    const t = this.o.theme;
    const max = this.visibleCount();
    const first = Math.max(0, Math.min(this.selected - Math.floor(max / 2), this.lines.length - max));
    const shown = this.lines.slice(first, first + max).map((line, i) => {
      const inheritedGroup = this.view === "project" && line.row.group.scope === "user";
      if (line.type === "group") {
        const label = t.bold(`${line.row.group.label}${inheritedGroup ? " · inherited global" : ""}`);
        return truncateToWidth(`  ${t.fg(inheritedGroup ? "dim" : "accent", label)}`, width, "");
      }
      if (line.type === "kind")
        return truncateToWidth(`    ${t.fg(inheritedGroup ? "dim" : "muted", KIND_LABELS[line.row.kind])}`, width, "");
      const on = first + i === this.selected;
      const state = this.view === "project" ? overrideState(line.row, this.o.dirs) : "inherit";
      const dimmed = this.view === "project" && this.isInherited(line.row) && state === "inherit";
      const name = dimmed ? t.fg("dim", line.row.name) : on ? t.bold(line.row.name) : line.row.name;
      return truncateToWidth(
        `${on ? "> " : "  "}    ${this.checkbox(line.row, state)} ${name}${this.suffix(line.row, state)}`,
        width,
        "...",
      );
    });
    if (first > 0 || first + max < this.lines.length) {
      const items = this.lines.filter((l) => l.type === "item").length;
      const at = this.lines.slice(0, this.selected).filter((l) => l.type === "item").length + 1;
      shown.push(t.fg("dim", `  (${at}/${items})`));
    }
    return shown;
  }

  private checkbox(row: ResourceRow, state: OverrideState): string {
    const t = this.o.theme;
    if (this.view === "project" && state === "load") return t.fg("success", "[+]");
    if (this.view === "project" && state === "unload") return t.fg("warning", "[-]");
    if (this.view === "project") return t.fg("dim", row.enabled ? "[x]" : "[ ]");
    return row.enabled ? t.fg("success", "[x]") : t.fg("dim", "[ ]");
  }

  private suffix(row: ResourceRow, state: OverrideState): string {
    if (this.view !== "project") return "";
    const t = this.o.theme;
    if (state === "load") return t.fg("muted", "  project load");
    if (state === "unload") return t.fg("muted", "  project unload");
    return this.isInherited(row) ? t.fg("dim", "  inherited global") : "";
  }

  private toggle(): void {
    const line = this.lines[this.selected];
    if (line?.type !== "item") return;
    const row = line.row;
    try {
      if (this.view === "global") {
        toggleGlobal(row, !row.enabled, this.o.dirs);
        row.enabled = !row.enabled;
      } else {
        const inheritedOn = this.inherited.get(keyOf(row)) ?? (row.group.scope === "user" ? row.enabled : true);
        const state = nextState(overrideState(row, this.o.dirs), inheritedOn);
        setOverride(row, state, this.isInherited(row), this.o.dirs);
        row.enabled = state === "inherit" ? inheritedOn : state === "load";
      }
      this.error = undefined;
    } catch (error) {
      this.error = (error as Error).message;
      this.o.onError(this.error);
    }
  }

  private isInherited(row: ResourceRow): boolean {
    return row.group.scope === "user" || this.inherited.has(keyOf(row));
  }

  private switchView(): void {
    if (!this.o.projectAvailable) return;
    this.view = this.view === "global" ? "project" : "global";
    this.rebuild();
  }

  private filter(search: string): void {
    this.search = search;
    this.rebuild();
  }

  /** The lines of the current view and search, the first row selected. */
  private rebuild(): void {
    const q = this.search.toLowerCase();
    const rows = this.o.rows[this.view].filter(
      (r) => !q || r.name.toLowerCase().includes(q) || r.kind.includes(q) || r.path.toLowerCase().includes(q),
    );
    this.lines = [];
    for (const group of groupsOf(rows)) {
      this.lines.push({ type: "group", row: group[0]! });
      let kind: string | undefined;
      for (const row of group) {
        if (row.kind !== kind) this.lines.push({ type: "kind", row });
        kind = row.kind;
        this.lines.push({ type: "item", row });
      }
    }
    this.selected = Math.max(
      0,
      this.lines.findIndex((l) => l.type === "item"),
    );
  }

  private move(delta: number): void {
    const step = Math.sign(delta);
    let i = this.selected;
    for (let left = Math.abs(delta); left > 0; ) {
      const next = i + step;
      if (next < 0 || next >= this.lines.length) break;
      i = next;
      if (this.lines[i]!.type === "item") {
        this.selected = i;
        left--;
      }
    }
  }

  /** Rows of the list that fit: the terminal minus pi's 8 lines of chrome (and the search lines). */
  private visibleCount(): number {
    return Math.max(5, this.o.terminalRows - 10);
  }
}

const keyOf = (r: ResourceRow) => `${r.kind}:${r.path}`;

/** Rows grouped as pi sorts them: packages first, user before project, by source; kinds in order, rows by name. */
function groupsOf(rows: ResourceRow[]): ResourceRow[][] {
  const groups = new Map<string, ResourceRow[]>();
  for (const r of rows) groups.set(r.group.key, [...(groups.get(r.group.key) ?? []), r]);
  return [...groups.values()]
    .sort((a, b) => {
      const [x, y] = [a[0]!.group, b[0]!.group];
      if (x.origin !== y.origin) return x.origin === "package" ? -1 : 1;
      if (x.scope !== y.scope) return x.scope === "user" ? -1 : 1;
      return x.source.localeCompare(y.source);
    })
    .map((g) => g.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.localeCompare(b.name)));
}
