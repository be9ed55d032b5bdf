// What every transcript view reads at draw time: the theme, the two global toggles, and the
// current plugin api (plugins' message and tool renderers are looked up there on every draw, so
// a reloaded or removed plugin's renderer is never called).
import type { PluginApi } from "pi-kernel";
import { type BgToken, padToWidth, type Theme } from "../../lib/tui/index.js";

export interface ViewContext {
  theme(): Theme;
  toolsExpanded(): boolean;
  thinkingHidden(): boolean;
  cwd: string;
  api(): PluginApi;
  /** Schedules a frame (a plugin's component asked to be drawn again). */
  requestRender(): void;
}

/** Pads every line (after a one-column margin) to the full width on a background colour. */
export function block(ctx: ViewContext, bg: BgToken, lines: string[], width: number): string[] {
  const t = ctx.theme();
  return lines.map((l) => t.bg(bg, padToWidth(` ${l}`, width)));
}

/**
 * Reports a plugin renderer that threw, naming the plugin. Deferred: views draw in the middle of
 * a frame, and the report adds a notice to the transcript being drawn.
 */
export function reportRenderError(ctx: ViewContext, what: string, owner: string | undefined, error: unknown): void {
  reportLater(ctx.api, what, `${what} from ${owner ?? "a plugin"} failed (drawn the default way)`, error);
}

/** Reports a failure seen while drawing, once the frame is done (see reportRenderError). */
export function reportLater(api: () => PluginApi, where: string, message: string, error: unknown, then?: () => void): void {
  queueMicrotask(() => {
    api().diagnose({ level: "error", where, message: `${message}: ${error instanceof Error ? error.message : String(error)}`, error });
    then?.();
  });
}
