// What pi hands an extension's components besides the theme: pi-tui's `TUI` (the running UI:
// requestRender, the terminal's size) and the KeybindingsManager (matches raw input against
// keybinding ids, e.g. "tui.select.confirm"), built over whatever surface draws them.
import { firstKey } from "./tui-keys.js";

/** The drawing side: pi-kernel's UI service, or the context it gives a custom component. */
export interface SurfaceHost {
  requestRender(): void;
  readonly rows: number;
  readonly columns: number;
  /** The UI's keybindings (lib/tui Keybindings). */
  readonly keys?: {
    matches(key: { name: string; ctrl: boolean; alt: boolean; shift: boolean }, id: string): boolean;
    keys(id: string): string[];
  };
}

/** pi-tui's TUI as extensions use it; `host()` is read at each call, so sizes stay current. */
export function piTui(host: () => SurfaceHost | undefined) {
  return {
    terminal: {
      get columns() {
        return host()?.columns ?? 80;
      },
      get rows() {
        return host()?.rows ?? 24;
      },
    },
    requestRender: (_force?: boolean) => host()?.requestRender(),
    invalidate: () => host()?.requestRender(),
  };
}

/** pi-tui's KeybindingsManager over the UI's keybindings. */
export function piKeybindings(host: () => SurfaceHost | undefined) {
  return {
    matches(data: string, id: string): boolean {
      const key = firstKey(data);
      return key !== undefined && (host()?.keys?.matches(key, id) ?? false);
    },
    getKeys: (id: string): string[] => host()?.keys?.keys(id) ?? [],
  };
}
