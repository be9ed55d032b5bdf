// The themes service: knows every theme, builds the active one for this terminal's colour mode,
// and re-reads the active theme's file when it changes (a bad save keeps the last good theme).
import { readFileSync, statSync } from "node:fs";
import type { Theme } from "../../lib/tui/index.js";
import { watchPaths } from "../../lib/resource-kit/index.js";
import type { ThemesService } from "../../contracts/index.js";
import { buildTheme } from "./build-theme.js";
import type { ThemeSource } from "./catalog.js";
import type { ColorMode } from "./color.js";
import { parseTheme, readThemeFile, type ThemeSpec } from "./theme-file.js";

export interface Known {
  spec: ThemeSpec;
  source: string;
}

export class ThemeManager implements ThemesService {
  private readonly known = new Map<string, Known>();
  private active!: { spec: ThemeSpec; theme: Theme };
  private readonly listeners = new Set<(theme: Theme) => void>();
  private stopWatching = () => {};

  constructor(
    private readonly mode: ColorMode,
    private readonly report: (level: "warning" | "error" | "info", message: string) => void,
  ) {}

  /** Every theme file read so far (good or bad) and its mtime, so a later look reads only new or changed ones. */
  private readonly seen = new Map<string, number>();

  /** Loads files (later ones win by name) and themes registered as plain objects. */
  load(files: ThemeSource[], registered: { name: string; [k: string]: unknown }[]): void {
    for (const f of files) {
      this.seen.set(f.path, mtime(f.path));
      try {
        const spec = readThemeFile(f.path);
        this.known.set(spec.name, { spec, source: f.source });
      } catch (error) {
        this.report("warning", (error as Error).message);
      }
    }
    for (const def of registered) {
      try {
        this.known.set(def.name, { spec: parseTheme(def, `theme "${def.name}" registered by a plugin`), source: "plugin" });
      } catch (error) {
        this.report("warning", (error as Error).message);
      }
    }
  }

  /** Reads the files new or changed since last read (a theme file added to a theme dir mid-session). */
  loadNew(files: ThemeSource[]): void {
    this.load(
      files.filter((f) => this.seen.get(f.path) !== mtime(f.path)),
      [],
    );
  }

  has(name: string): boolean {
    return this.known.has(name);
  }

  current(): Theme {
    return this.active.theme;
  }

  list(): { name: string; source: string; path?: string }[] {
    return [...this.known.values()].map((k) => ({ name: k.spec.name, source: k.source, path: k.spec.path }));
  }

  set(name: string): void {
    const entry = this.known.get(name);
    if (!entry) throw new Error(`Unknown theme "${name}". Available: ${[...this.known.keys()].sort().join(", ")}`);
    this.activate(entry.spec, entry.source);
  }

  onChange(fn: (theme: Theme) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  dispose(): void {
    this.stopWatching();
    this.listeners.clear();
  }

  /**
   * A built-in theme's file is part of the install, not the user's to edit: as in pi, only the
   * other themes are watched. So the default start loads no watcher (nor chokidar) before the
   * interactive UI's first frame.
   */
  private activate(spec: ThemeSpec, source: string): void {
    const changed = this.active !== undefined;
    this.active = { spec, theme: buildTheme(spec, this.mode) };
    this.stopWatching();
    const path = spec.path;
    if (path && source !== "builtin") {
      const watcher = watchPaths([path], () => this.reread(path));
      this.stopWatching = () => void watcher.close();
    } else this.stopWatching = () => {};
    if (changed) for (const fn of this.listeners) fn(this.active.theme);
  }

  /** The active file changed on disk: take it if it is a valid theme, else keep the last good. */
  private reread(path: string): void {
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch {
      return; // mid-save (renamed away): the next event brings the new file
    }
    let spec: ThemeSpec;
    try {
      spec = { ...parseTheme(JSON.parse(text), path), path };
    } catch (error) {
      this.report(
        "warning",
        `${(error as Error).message.startsWith(path) ? "" : `${path}: `}${(error as Error).message} (keeping the last good theme)`,
      );
      return;
    }
    const source = this.known.get(this.active.spec.name)?.source ?? "user";
    this.known.delete(this.active.spec.name);
    this.known.set(spec.name, { spec, source });
    this.activate(spec, source);
  }
}

function mtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
}
