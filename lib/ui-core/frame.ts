// How the interactive app reaches the screen. The app owns the interaction model (transcript,
// editor, queue, dialogs, footer); a frame decides where those parts go: inline in the
// scrollback, or full-screen panes. The app can swap frames mid-session and keep everything.
import type { Component } from "../tui/component.js";
import type { Keybindings } from "../tui/keybindings.js";
import type { InputEvent } from "../tui/keys.js";
import type { RenderStats } from "../tui/renderer.js";
import type { Terminal } from "../tui/terminal.js";
import type { Theme } from "../tui/theme.js";

export interface AppParts {
  /** The conversation and the working / queue lines under it. */
  transcript: Component;
  /** An open dialog or selector, if any (the editor area shows it inline). */
  overlay(): Component | undefined;
  /** Widgets, the editor (or the dialog, inline), completions. */
  bottom: Component;
  footer: Component;
  theme(): Theme;
  keys: Keybindings;
}

export interface Frame {
  readonly name: string;
  /** Draws dialogs over the transcript itself (the editor stays visible below). */
  readonly floatsOverlays?: boolean;
  start(term: Terminal, parts: AppParts): void;
  requestRender(): void;
  renderNow(): void;
  /** Another program used the terminal: repaint everything on the next frame. */
  reset(): void;
  /** Gives the terminal back as the frame found it (its last frame stays where that makes sense). */
  stop(): void;
  /** Keys the frame handles itself (scrolling, search); true when it took the event. */
  handle?(event: InputEvent): boolean;
  readonly stats?: RenderStats;
}

/** Frames by name; plugins add theirs (ui-fullscreen adds "fullscreen"). */
export type FrameFactory = () => Frame | Promise<Frame>;
