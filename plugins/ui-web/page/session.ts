// The page's controller: one RPC connection, the store, and the actions the components call.
// On every (re)connect it reads the whole picture again (state, transcript, models, commands),
// so a page that was away misses nothing; after that, events keep it current.
import { applyEvent } from "./events.js";
import type { Message } from "./messages.js";
import { RpcClient, type RpcRecord } from "./rpc.js";
import type { Dialog, Model, SlashCommand, State } from "./state.js";
import { Store } from "./state.js";

const DIALOGS = new Set(["select", "confirm", "input", "editor"]);

/** The page's own commands (get_commands lists the plugins', prompts' and skills' ones, as pi's does). */
const PAGE_COMMANDS: SlashCommand[] = [
  { name: "rewind", description: "Rewind the files and/or the conversation to before a message", source: "page" },
  { name: "sessions", description: "List this project's sessions and switch to one", source: "page" },
  { name: "new", description: "Start a new session", source: "page" },
];

export interface Checkpoint {
  entryId: string;
  timestamp: string;
  text: string;
  files: string[];
}

export interface SessionSummary {
  path: string;
  name?: string;
  firstMessage?: string;
  modified?: string;
}

export class Session {
  readonly store = new Store();
  private readonly rpc: RpcClient;
  private toastId = 0;
  private editorSeq = 0;

  constructor(
    url: string,
    private readonly token: string,
  ) {
    this.rpc = new RpcClient({
      url,
      onRecord: (record) => this.onRecord(record),
      refused: () =>
        fetch(new URL(".", location.href), { method: "HEAD", headers: this.auth() }).then(
          (r) => r.status === 401,
          () => false,
        ),
      onState: (connection) => {
        this.store.update({ connection });
        if (connection === "open") void this.resync();
      },
    });
  }

  start(): void {
    this.rpc.connect();
  }

  get state(): State {
    return this.store.state;
  }

  /** Reads state, transcript, models, thinking levels and commands again. */
  async resync(): Promise<void> {
    try {
      const [state, messages] = await Promise.all([
        this.rpc.call<Record<string, unknown>>({ type: "get_state" }),
        this.rpc.call<{ messages: Message[] }>({ type: "get_messages" }),
      ]);
      this.store.update({
        model: (state.model as Model | null) ?? undefined,
        thinkingLevel: state.thinkingLevel as string,
        isStreaming: state.isStreaming === true,
        sessionName: state.sessionName as string | undefined,
        sessionFile: state.sessionFile as string | undefined,
        messages: messages.messages,
        live: {},
        streaming: undefined,
      });
      await Promise.all([this.refreshModels(), this.refreshCommands()]);
    } catch (error) {
      this.toast(`Could not read the session: ${(error as Error).message}`, "error");
    }
  }

  private async refreshModels(): Promise<void> {
    const [models, levels] = await Promise.all([
      this.rpc.call<{ models: Model[] }>({ type: "get_available_models" }).catch(() => ({ models: [] })),
      this.rpc.call<{ levels: string[] }>({ type: "get_available_thinking_levels" }).catch(() => ({ levels: [] })),
    ]);
    this.store.update({ models: models.models, levels: levels.levels });
  }

  private async refreshCommands(): Promise<void> {
    const { commands } = await this.rpc.call<{ commands: SlashCommand[] }>({ type: "get_commands" }).catch(() => ({ commands: [] }));
    this.store.update({ commands: [...PAGE_COMMANDS, ...commands.filter((c) => !PAGE_COMMANDS.some((p) => p.name === c.name))] });
  }

  private onRecord(record: RpcRecord): void {
    if (record.type === "extension_ui_request") return this.uiRequest(record);
    if (record.type === "extension_ui_closed") return this.store.update((s) => ({ dialogs: s.dialogs.filter((d) => d.id !== record.id) }));
    if (record.type === "extension_error") return this.toast(`${String(record.extensionPath)}: ${String(record.error)}`, "error");
    if (record.type === "auto_retry_start")
      return this.toast(`Retrying (attempt ${String(record.attempt)}): ${String(record.errorMessage)}`);
    if (record.type === "compaction_end") void this.resync();
    const change = applyEvent(this.state, record);
    if (change) this.store.update(change);
  }

  /** pi's extension UI sub-protocol: dialogs wait for an answer, the rest is shown and forgotten. */
  private uiRequest(request: RpcRecord): void {
    const method = String(request.method);
    if (DIALOGS.has(method)) {
      const dialog = request as unknown as Dialog;
      this.store.update((s) => ({ dialogs: [...s.dialogs.filter((d) => d.id !== dialog.id), dialog] }));
      // The agent resolves a timed-out dialog by itself; the page only takes it down.
      if (dialog.timeout) setTimeout(() => this.dropDialog(dialog.id), dialog.timeout);
      return;
    }
    if (method === "notify") return this.toast(String(request.message ?? ""), String(request.notifyType ?? "info"));
    if (method === "setStatus")
      return this.store.update((s) => ({
        statuses: withKey(s.statuses, String(request.statusKey), request.statusText as string | undefined),
      }));
    if (method === "setWidget") {
      const lines = Array.isArray(request.widgetLines) ? request.widgetLines.map(String) : undefined;
      return this.store.update((s) => ({ widgets: withKey(s.widgets, String(request.widgetKey), lines) }));
    }
    if (method === "setTitle") document.title = String(request.title ?? "pi");
    if (method === "set_editor_text") this.pushEditor(String(request.text ?? ""));
  }

  answer(dialog: Dialog, response: { value?: string; confirmed?: boolean; cancelled?: boolean }): void {
    this.rpc.send({ type: "extension_ui_response", id: dialog.id, ...response });
    this.dropDialog(dialog.id);
  }

  private dropDialog(id: string): void {
    this.store.update((s) => ({ dialogs: s.dialogs.filter((d) => d.id !== id) }));
  }

  /** Sends what the editor holds: a prompt, a steer while the agent works, or a slash command. */
  async submit(text: string): Promise<void> {
    const message = text.trim();
    if (!message) return;
    if (/^\/rewind(\s|$)/.test(message)) return this.store.update({ panel: "rewind" });
    if (/^\/(resume|sessions)(\s|$)/.test(message)) return this.store.update({ panel: "sessions" });
    if (/^\/new(\s|$)/.test(message)) return this.switchSession(undefined);
    const command = { type: "prompt", message, ...(this.state.isStreaming && { streamingBehavior: "steer" }) };
    try {
      await this.rpc.call(command);
      // A command may have changed anything (a new session, a model, the tree): read it again.
      if (message.startsWith("/")) await this.resync();
    } catch (error) {
      this.toast((error as Error).message, "error");
      this.pushEditor(text);
    }
  }

  abort(): Promise<unknown> {
    return this.rpc.call({ type: "abort" }).catch((e: Error) => this.toast(e.message, "error"));
  }

  async setModel(model: Model): Promise<void> {
    try {
      const selected = await this.rpc.call<Model>({ type: "set_model", provider: model.provider, modelId: model.id });
      this.store.update({ model: selected });
      const [{ levels }, state] = await Promise.all([
        this.rpc.call<{ levels: string[] }>({ type: "get_available_thinking_levels" }),
        this.rpc.call<Record<string, unknown>>({ type: "get_state" }),
      ]);
      this.store.update({ levels, thinkingLevel: state.thinkingLevel as string });
    } catch (error) {
      this.toast((error as Error).message, "error");
    }
  }

  async setThinkingLevel(level: string): Promise<void> {
    try {
      await this.rpc.call({ type: "set_thinking_level", level });
      const state = await this.rpc.call<Record<string, unknown>>({ type: "get_state" });
      this.store.update({ thinkingLevel: state.thinkingLevel as string });
    } catch (error) {
      this.toast((error as Error).message, "error");
    }
  }

  checkpoints(): Promise<Checkpoint[]> {
    return this.rpc.call<{ checkpoints: Checkpoint[] }>({ type: "get_checkpoints" }).then((d) => d.checkpoints);
  }

  /** Rewinds the files and/or the conversation to before a message; its text comes back into the editor. */
  async rewind(target: Checkpoint, what: { files: boolean; conversation: boolean }): Promise<void> {
    const result = await this.rpc.call<{ restoredFiles: string[] }>({ type: "rewind", entryId: target.entryId, ...what });
    this.afterRewind("Rewound", result.restoredFiles);
    if (what.conversation) this.pushEditor(target.text);
    await this.resync();
  }

  async undoRewind(): Promise<void> {
    const result = await this.rpc.call<{ restoredFiles: string[] }>({ type: "undo_rewind" });
    this.afterRewind("Undid the last rewind", result.restoredFiles);
    await this.resync();
  }

  private afterRewind(what: string, files: string[]): void {
    // Undoing twice redoes, so the offer stays once there was a rewind.
    this.store.update({ canUndoRewind: true, panel: undefined });
    this.toast(`${what}: ${files.length ? `${files.length} file(s) restored` : "no files changed"}`);
  }

  /** The sessions of this project, from the server's HTTP endpoint (newest first). */
  async sessions(): Promise<SessionSummary[]> {
    const response = await fetch(new URL("api/sessions", location.href), { headers: this.auth() });
    if (!response.ok) throw new Error(`Could not list the sessions: HTTP ${response.status}`);
    const body = (await response.json()) as { sessions?: SessionSummary[] };
    const time = (s: SessionSummary) => new Date(s.modified ?? 0).getTime();
    return (body.sessions ?? []).sort((a, b) => time(b) - time(a));
  }

  async switchSession(path: string | undefined): Promise<void> {
    try {
      const data = await this.rpc.call<{ cancelled: boolean }>(
        path ? { type: "switch_session", sessionPath: path } : { type: "new_session" },
      );
      if (data.cancelled) this.toast("A plugin cancelled the switch", "warning");
      this.store.update({ panel: undefined, canUndoRewind: false });
      await this.resync();
    } catch (error) {
      this.toast((error as Error).message, "error");
    }
  }

  private auth(): Record<string, string> {
    return this.token ? { authorization: `Bearer ${this.token}` } : {};
  }

  openPanel(panel: State["panel"]): void {
    this.store.update({ panel });
  }

  toast(message: string, level = "info"): void {
    const id = ++this.toastId;
    this.store.update((s) => ({ toasts: [...s.toasts, { id, message, level }].slice(-4) }));
    setTimeout(() => this.store.update((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })), level === "error" ? 8000 : 4000);
  }

  private pushEditor(text: string): void {
    this.store.update({ editorPush: { text, seq: ++this.editorSeq } });
  }
}

function withKey<T>(record: Record<string, T>, key: string, value: T | undefined): Record<string, T> {
  const next = { ...record };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}
