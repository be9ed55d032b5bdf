// The interactive surfaces: the "ui" service (pi's ctx.ui, provided by the interactive app or
// RPC mode), frames the app draws into ("ui-frame:<name>"), and the contribution kinds the UIs
// draw: surfaces (modes), shortcuts and custom message renderers.
import type { AgentMessage, ImageContent } from "pi-kernel";
import type { Component, InputEvent, Keybindings, RenderStats, Terminal, Theme } from "../lib/tui/index.js";

/**
 * "ui": provided by the active interactive or RPC surface (pi's ctx.ui). Absent in print and
 * JSON modes, so users check `api.services.has("ui")` first.
 */
export interface UiService {
  notify(message: string, level?: "info" | "warning" | "error"): void;
  select(title: string, options: string[], opts?: SelectOptions): Promise<string | undefined>;
  confirm(title: string, message: string, opts?: { signal?: AbortSignal; timeout?: number }): Promise<boolean>;
  input(title: string, placeholder?: string, opts?: { signal?: AbortSignal; timeout?: number }): Promise<string | undefined>;
  /** `opts.signal` closes it (answering undefined), as the other dialogs' does. */
  editor(title: string, prefill?: string, opts?: { signal?: AbortSignal; timeout?: number }): Promise<string | undefined>;
  setStatus(key: string, text: string | undefined): void;
  setWidget(key: string, lines: string[] | undefined, opts?: { placement?: "aboveEditor" | "belowEditor" }): void;
  setTitle(title: string): void;
  setEditorText(text: string): void;
  getEditorText(): string;
  /**
   * pi's setHeader / setFooter: a plugin's component above the conversation, or in place of the
   * built-in footer; undefined restores the default. Absent where nothing is drawn (RPC).
   */
  setHeader?(component: SlotComponent | undefined): void;
  setFooter?(component: SlotComponent | undefined): void;
  /** What pi hands a custom footer (its footerData): the git branch and the setStatus texts. */
  footerData?(): FooterData;
  /** RPC mode: a client's answer to an extension_ui_request. */
  answer?(id: string, response: unknown): void;
  /**
   * Shows a component in place of the editor (floating in the full-screen UI) until it calls
   * `done`; keys go to its `handle` (parsed) or `handleInput` (raw terminal data, as pi-tui's).
   * Absent where nothing can be drawn (RPC: pi answers undefined there too).
   */
  custom?<T>(
    factory: (done: (value?: T) => void, ui: CustomUiContext) => CustomComponent,
    opts?: { signal?: AbortSignal; timeout?: number },
  ): Promise<T | undefined>;
}
/**
 * The dialogs of a UI surface: what the terminal UI shares with the web clients of `/ui web`
 * (lib/mode-kit's shareDialogs; the "rpc" service's `sharedDialogs`).
 */
export type DialogSurface = Pick<UiService, "select" | "confirm" | "input" | "editor">;
/** A plugin's component in a UI slot (header, footer). */
export interface SlotComponent {
  render(width: number): string[];
  invalidate?(): void;
  dispose?(): void;
}
export interface FooterData {
  /** The current git branch (a short hash when detached), null outside a repository. */
  gitBranch(): string | null;
  statuses(): ReadonlyMap<string, string>;
  /** Called when the branch is seen to change (it is re-read after each run); returns an unsubscribe. */
  onBranchChange(listener: () => void): () => void;
}
export interface SelectOptions {
  signal?: AbortSignal;
  timeout?: number;
  /** The option highlighted when the dialog opens (e.g. the current mode); default the first. */
  initial?: string;
  /**
   * A unified diff shown under the title (a permission dialog's proposed edit), coloured as the tool
   * rows colour one and capped to the screen. RPC sends it as the request's `diff` field.
   */
  diff?: string;
}
export interface CustomComponent {
  render(width: number): string[];
  handle?(
    event:
      | { type: "key"; key: { name: string; ctrl: boolean; alt: boolean; shift: boolean }; raw?: string }
      | { type: "paste"; text: string },
  ): void;
  handleInput?(data: string): void;
  invalidate?(): void;
}
export interface CustomUiContext {
  theme: unknown;
  requestRender(): void;
  rows: number;
  columns: number;
}

/** A key the interactive UIs hand to a plugin; `name` is the key id, e.g. "ctrl+shift+p". */
export interface ShortcutDef {
  name: string;
  description?: string;
  handler(): unknown;
}
/** How the UIs draw session messages of one custom type (`name` is the `customType`). */
export interface MessageRendererDef {
  name: string;
  render(message: AgentMessage, opts: { expanded: boolean; width: number; theme: unknown }): string[] | undefined;
}

/** A front end (a UI or a headless mode). The CLI picks one by name and runs it. */
export interface SurfaceDef {
  name: string;
  description?: string;
  /** Lets a surface take over for some flags (e.g. --export, --list-models) whatever the mode. */
  claims?(flags: Readonly<Record<string, unknown>>): boolean;
  run(ctx: SurfaceContext): Promise<number>;
}
export interface SurfaceContext {
  /** Messages given on the command line (piped stdin already prepended to the first), in order. */
  messages: string[];
  /** Images from `@file` arguments, for the first message. */
  images?: ImageContent[];
}

// How the interactive app reaches the screen. The app owns the interaction model (transcript,
// editor, queue, dialogs, footer); a frame decides where those parts go: inline in the
// scrollback, or full-screen panes. The app can swap frames mid-session and keep everything.
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

/**
 * A UI that runs beside the terminal one, on the same session (`/ui web`): starts it, or finds it
 * running, and returns the line that tells the user where it is.
 */
export type BesideUi = () => Promise<string>;

declare module "pi-kernel" {
  interface Services {
    ui: UiService;
    /** Frames by name ("ui-frame:inline", "ui-frame:fullscreen", ...). */
    [frame: `ui-frame:${string}`]: FrameFactory;
    /** UIs beside the terminal by name ("ui-beside:web"); `/ui <name>` opens one. */
    [beside: `ui-beside:${string}`]: BesideUi;
  }
  interface Contributions {
    surface: SurfaceDef;
    shortcut: ShortcutDef;
    messageRenderer: MessageRendererDef;
  }
}
