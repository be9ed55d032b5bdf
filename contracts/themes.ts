// The "themes" service (provided by the themes plugin) and the `theme` contribution kind.
import type { NamedDef } from "./named.js";
import type { Theme } from "../lib/tui/index.js";
import type { AddsPaths } from "./resources.js";

/** What the UIs use of the "themes" service (plugins/themes provides it). */
export interface ThemesService extends Partial<AddsPaths> {
  current(): Theme;
  list(): { name: string; source: string; path?: string }[];
  /** Activates a theme by name; throws with the known names when there is none. */
  set(name: string): void;
  /** Called with the new theme whenever the active one changes or its file is edited. */
  onChange(fn: (theme: Theme) => void): () => void;
}

declare module "pi-kernel" {
  interface Services {
    themes: ThemesService;
  }
  interface Contributions {
    theme: NamedDef;
  }
}
