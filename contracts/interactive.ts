// The "interactive" service (provided by plugins/ui-interactive): the running interactive app,
// for plugins that steer it from outside, such as ui-fullscreen's /ui, which swaps frames.
import type { Frame } from "./ui.js";

/** What other plugins may do with the running app. */
export interface RunningApp {
  /** The frame drawing the app now ("inline", "fullscreen", ...). */
  readonly frameName: string;
  /** Moves the app into another frame, keeping transcript, editor and dialogs. */
  swapFrame(next: Frame): void;
  /** Shows a notice in the transcript. */
  notify(text: string, level?: "info" | "warning" | "error"): void;
}

export interface InteractiveService {
  /** The running app, or undefined when the interactive UI is not up (print, RPC, before start). */
  app(): RunningApp | undefined;
}

declare module "pi-kernel" {
  interface Services {
    interactive: InteractiveService;
  }
}
