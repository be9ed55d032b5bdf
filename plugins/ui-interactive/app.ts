// The interactive UI's shared interaction model: the component tree (transcript, working line,
// queue, widgets, editor or an open dialog, completion list, footer), input, and the agent's
// events. A Frame puts it on screen (inline or full-screen) and can be swapped mid-session.
import { join } from "node:path";
import {
  Autocomplete,
  type CommandInfo,
  type Component,
  EditorModel,
  FileIndex,
  type InputEvent,
  type Keybindings,
  KeyParser,
  loadKeybindings,
  plainTheme,
  type Terminal,
  type Theme,
} from "../../lib/tui/index.js";
import { type AgentEvent, type AgentMessage, isEvent, type PluginApi } from "pi-kernel";
import { Footer } from "./footer.js";
import { borderToken, followLiveSettings } from "./live-settings.js";
import { conversationChange } from "./conversation-change.js";
import { placedEntries } from "./custom-entries.js";
import { layoutParts } from "./layout.js";
import { SPINNER } from "./status-lines.js";
import type { AppParts, Frame } from "../../contracts/index.js";
import { Transcript } from "./transcript.js";
import { reportLater, type ViewContext } from "./view-context.js";

export interface Overlay extends Component {
  handle(event: InputEvent): void;
}
export type { Widget } from "./status-lines.js";
import type { Widget } from "./status-lines.js";

const ESC_FLUSH_MS = 30;

export class InteractiveApp {
  api: PluginApi;
  readonly editor = new EditorModel();
  readonly transcript: Transcript;
  readonly autocomplete: Autocomplete;
  readonly footer: Footer;
  readonly statuses = new Map<string, string>();
  readonly widgets = new Map<string, Widget>();
  queue: { steering: string[]; followUp: string[] } = { steering: [], followUp: [] };
  overlay: Overlay | undefined;
  toolsExpanded = false;
  thinkingHidden: boolean;
  working = false;
  sessionName: string | undefined;
  /** A one-line hint under the editor (e.g. "press ctrl+c again to exit"). */
  hint: string | undefined;
  /** Cancels a running `!cmd`. */
  cancelBash: (() => void) | undefined;
  /** This app's plugin left the composition: only quitting works (detach.ts). */
  detached = false;
  private frame: Frame;
  private readonly parts: AppParts;
  private readonly parser = new KeyParser();
  private spinner = 0;
  private shownMessages: readonly AgentMessage[] | undefined;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private escTimer: NodeJS.Timeout | undefined;
  private offTheme: () => void = () => {};
  private finished: ((code: number) => void) | undefined;
  onInput: (event: InputEvent) => void = () => {};

  constructor(
    api: PluginApi,
    readonly term: Terminal,
    readonly keys: Keybindings,
    frame: Frame,
  ) {
    this.frame = frame;
    this.api = api;
    this.thinkingHidden = api.settings.hideThinkingBlock === true;
    const ctx: ViewContext = {
      theme: () => this.theme(),
      toolsExpanded: () => this.toolsExpanded,
      thinkingHidden: () => this.thinkingHidden,
      cwd: api.cwd,
      api: () => this.api,
      requestRender: () => this.render(),
    };
    this.transcript = new Transcript(ctx);
    this.footer = new Footer({
      agent: api.agent,
      theme: () => this.theme(),
      sessionName: () => this.currentSessionName(),
      statuses: () => this.statuses,
      report: (error) => reportLater(() => this.api, "ui.setFooter", "A plugin's footer failed to draw", error),
    });
    this.autocomplete = new Autocomplete({
      // Read each time: /settings changes it live.
      commands: () => this.commands(),
      files: new FileIndex(api.cwd),
      maxVisible: () => Number(this.api.settings.autocompleteMaxVisible) || 5,
      onAsyncUpdate: () => this.render(),
    });
    this.parts = layoutParts({
      app: this,
      keys,
      editorBorder: () => borderToken(this.editor.getText(), this.api),
      status: () => ({ working: this.working, spinner: this.spinner, queue: this.queue, hint: this.hint }),
      inlineOverlay: () => (this.overlay && !this.frame.floatsOverlays ? this.overlay : undefined),
    });
  }

  /** Runs until the user quits; resolves with the exit code. */
  run(): Promise<number> {
    this.subscribeTheme();
    this.transcript.replay((this.shownMessages = this.api.agent.messages), placedEntries(this.api));
    this.term.start(
      (data) => this.feed(data),
      () => this.frame.renderNow(),
    );
    this.frame.start(this.term, this.parts);
    return new Promise((resolve) => (this.finished = resolve));
  }

  /** After a reload: re-reads keybindings.json and the theme, redraws; `api` is new only for a plugin back after leaving (detach.ts). */
  attach(api: PluginApi): void {
    this.api = api;
    this.detached = false;
    // A reload (/reload, or a plugin edit) also re-reads keybindings.json, as pi does.
    const fresh = loadKeybindings(join(api.agentDir, "keybindings.json"));
    this.keys.replaceWith(fresh);
    for (const p of fresh.problems) this.notify(p, "warning");
    this.subscribeTheme();
    this.invalidate();
  }

  /** Hands the terminal over (Ctrl+Z, Ctrl+G): the frame leaves it as found, keyboard modes off. */
  releaseTerminal(): void {
    this.frame.stop();
    this.term.stop();
  }

  /** Takes the terminal back after releaseTerminal() and redraws everything. */
  reclaimTerminal(): void {
    if (this.closed) return;
    this.term.start(
      (data) => this.feed(data),
      () => this.frame.renderNow(),
    );
    this.frame.start(this.term, this.parts);
    this.frame.reset();
    this.renderNow();
  }

  get frameName(): string {
    return this.frame.name;
  }

  /** Moves the whole session to another frame (the conversation, editor and queue stay). */
  swapFrame(next: Frame): void {
    this.frame.stop();
    this.frame = next;
    this.frame.start(this.term, this.parts);
    this.render();
  }

  exit(code = 0): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    clearTimeout(this.escTimer);
    this.offTheme();
    this.cancelBash?.();
    this.frame.stop();
    this.term.stop();
    const done = this.finished;
    this.finished = undefined;
    done?.(code);
  }

  get stats() {
    return this.frame.stats;
  }

  theme(): Theme {
    return this.api.services.get("themes")?.current() ?? plainTheme;
  }

  render(): void {
    if (this.closed) return; // a late timer after quitting
    this.syncConversation();
    this.frame.requestRender();
  }

  renderNow(): void {
    if (this.closed) return;
    this.syncConversation();
    this.frame.renderNow();
  }

  private syncConversation(): void {
    const messages = this.api.agent.messages;
    const change = conversationChange(this.shownMessages, messages, this.api.agent.isStreaming);
    if (change === "redraw") this.transcript.reset();
    if (change === "redraw") this.transcript.replay(messages, placedEntries(this.api));
    else if (change !== "none") this.transcript.replay(change.appended, placedEntries(this.api, this.shownMessages?.length));
    this.shownMessages = messages;
  }

  invalidate(): void {
    this.parts.transcript.invalidate?.();
    this.parts.bottom.invalidate?.();
    this.render();
  }

  onEvent(e: AgentEvent): void {
    if (this.closed) return;
    this.syncConversation();
    if (e.type === "agent_start") this.setWorking(true);
    else if (e.type === "agent_end") {
      this.setWorking(false);
      this.footer.refreshBranch();
    } else if (isEvent(e, "queue_update")) this.queue = { steering: e.steering, followUp: e.followUp };
    else if (isEvent(e, "session_info_changed")) this.sessionName = e.name || undefined;
    this.transcript.onEvent(e);
    this.render();
  }

  notify(text: string, level: "info" | "warning" | "error" = "info"): void {
    if (this.closed) return;
    this.syncConversation();
    this.transcript.notice(level, text);
    this.render();
  }

  openOverlay(overlay: Overlay | undefined): void {
    this.overlay = overlay;
    this.autocomplete.hide();
    this.render();
  }

  /** Commands for completion: everything registered, as pi lists them. */
  commands(): CommandInfo[] {
    return this.api.registry.list("command").map((c) => ({
      name: c.name,
      description: c.description,
      argumentHint: c.argumentHint,
      getArgumentCompletions: c.getArgumentCompletions?.bind(c),
    }));
  }

  private feed(data: string): void {
    clearTimeout(this.escTimer);
    for (const event of this.parser.feed(data)) this.dispatch(event);
    // A lone ESC is only known to be the Escape key once no more bytes follow quickly.
    if (this.parser.pending) {
      this.escTimer = setTimeout(() => {
        for (const event of this.parser.flush()) this.dispatch(event);
      }, ESC_FLUSH_MS);
    }
  }

  private dispatch(event: InputEvent): void {
    // The frame sees keys first (a full-screen transcript scrolls and searches).
    if (this.frame.handle?.(event)) return this.render();
    this.onInput(event);
  }

  /** The name set with /name (session_info_changed), else the sessions service's. */
  private currentSessionName(): string | undefined {
    if (this.sessionName) return this.sessionName;
    if (!this.api.services.has("sessions")) return undefined;
    return this.api.services.use("sessions").name || undefined;
  }

  private setWorking(on: boolean): void {
    this.working = on;
    clearInterval(this.timer);
    this.timer = undefined;
    if (on) {
      this.timer = setInterval(() => {
        this.spinner = (this.spinner + 1) % SPINNER.length;
        this.render();
      }, 120);
      this.timer.unref();
    }
  }

  /** Follows the active theme, and the settings /settings changes live (hideThinkingBlock). */
  private subscribeTheme(): void {
    this.offTheme();
    this.offTheme = followLiveSettings(
      this.api,
      () => this.invalidate(),
      (hidden) => {
        this.thinkingHidden = hidden;
        this.transcript.refresh();
      },
    );
  }
}
