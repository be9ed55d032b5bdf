// The session the agent is in: opening, creating, forking and switching sessions, restoring the
// conversation, model and thinking level from the active path, and recording every message and
// change as an entry.
import type { AgentEvent, AgentMessage, Model, PluginApi, ThinkingLevel } from "pi-kernel";
import type { SessionEntry } from "../../contracts/session-entries.js";
import { acquireLock } from "./format/lock.js";
import { Session, type Report } from "./model/session.js";
import { carried, type Carried, type SessionState } from "./state.js";

export interface Locations {
  dir: string;
  root: string;
  persist: boolean;
}

export class SessionController {
  private restoring = false;
  private readonly carried: Carried;

  constructor(
    private readonly api: PluginApi,
    readonly where: Locations,
  ) {
    this.carried = carried(api);
  }

  get state(): SessionState | undefined {
    return this.carried.current;
  }
  get session(): Session {
    const s = this.state;
    if (!s) throw new Error("No session is open yet");
    return s.session;
  }

  readonly report: Report = (message, level) => this.api.diagnose({ level, where: "session", message });

  /** A fresh session for the current directory (in memory only with --no-session). */
  create(parentSession?: string, file?: string): Session {
    return Session.create({
      cwd: this.api.cwd,
      dir: this.where.persist ? this.where.dir : undefined,
      file,
      parentSession,
      report: this.report,
    });
  }

  /**
   * Opens a file for writing. When another live process holds it, this run continues in a fork
   * holding the conversation up to that process's last finished answer (a prompt it is still
   * answering is its own, never ours). A folder that cannot be written gives a read-only resume.
   */
  open(path: string): Session {
    const session = Session.open(path, this.report);
    const lock = acquireLock(path);
    if (lock.ok) {
      this.switchTo(session, lock.lock);
      return session;
    }
    if ("readOnly" in lock) {
      session.setReadOnly(lock.readOnly);
      this.report(
        `${path} cannot be written here (${lock.readOnly}): its history is resumed read-only, and nothing from this run will be saved`,
        "warning",
      );
      this.switchTo(session);
      return session;
    }
    const fork = this.copyOf(session, settled(session.pathEntries()), path);
    this.report(
      `${path} is open in another pi process (pid ${lock.pid}); to avoid mixing writes, this run continues in a new session forked from it (up to its last finished answer): ${fork.path}`,
      "warning",
    );
    this.switchTo(fork);
    return fork;
  }

  /** A new file holding `entries` (a fork or clone), its header pointing at `parent`. */
  copyOf(_source: Session, entries: SessionEntry[], parent: string | undefined): Session {
    const copy = this.create(parent);
    if (entries.length > 0) copy.writeNow(entries);
    return copy;
  }

  /** Makes `session` current: lock bookkeeping, then messages, model and thinking from its path. */
  switchTo(session: Session, lock = this.state?.session === session ? this.state?.lock : undefined): void {
    const old = this.state;
    if (old && old.session !== session && old.lock !== lock) old.lock?.release();
    if (!lock && session.persisted && session.path && !session.readOnly) {
      const taken = acquireLock(session.path);
      if (taken.ok) lock = taken.lock;
    }
    this.carried.current = { session, lock };
    this.api.actions.setSessionId(session.id);
    this.restore();
  }

  /** Rebuilds the agent's messages from the active path (after a move, compaction or switch). */
  restore(opts: { keepModel?: boolean } = {}): void {
    const ctx = this.session.context();
    this.api.actions.setMessages(ctx.messages);
    if (this.session.tree.size === 0 || opts.keepModel) return;
    this.restoring = true;
    try {
      this.restoreModel(ctx.model);
      if (this.api.flags.thinking === undefined && ctx.thinkingLevel !== this.api.agent.thinkingLevel) {
        this.api.actions.setThinkingLevel(ctx.thinkingLevel);
      }
    } finally {
      this.restoring = false;
    }
    this.recordSettingsIfChanged(ctx.model, ctx.thinkingLevel);
  }

  /** pi records the model and thinking level a new session starts with. */
  recordInitialSettings(): void {
    const model = this.api.agent.model;
    if (model) this.append({ type: "model_change", provider: model.provider, modelId: model.id });
    this.append({ type: "thinking_level_change", thinkingLevel: this.api.agent.thinkingLevel });
  }

  append(entry: Parameters<Session["append"]>[0]): SessionEntry {
    const state = this.state!;
    const written = state.session.append(entry);
    if (state.session.persisted && !state.lock && state.session.path) this.lockNew(state);
    return written;
  }

  /** Records what the agent did: messages, model and thinking changes. */
  onEvent(e: AgentEvent): void {
    if (!this.state || this.restoring) return;
    if (e.type === "message_end") this.recordMessage(e.message as AgentMessage);
    else if (e.type === "model_select" && e.source !== "restore") {
      const m = e.model as Model;
      this.append({ type: "model_change", provider: m.provider, modelId: m.id });
    } else if (e.type === "thinking_level_select" && e.level !== e.previousLevel) {
      this.append({ type: "thinking_level_change", thinkingLevel: e.level as ThinkingLevel });
    }
  }

  release(): void {
    this.state?.lock?.release();
  }

  private recordMessage(m: AgentMessage): void {
    try {
      this.storeMessage(m);
    } catch (error) {
      this.report((error as Error).message, "error");
    }
  }

  private storeMessage(m: AgentMessage): void {
    if (m.role === "custom") {
      const c = m as unknown as { customType: string; content: string; display?: boolean; details?: unknown };
      this.append({ type: "custom_message", customType: c.customType, content: c.content, display: c.display ?? true, details: c.details });
    } else if (m.role !== "compactionSummary" && m.role !== "branchSummary") {
      this.append({ type: "message", message: m });
    }
  }

  private restoreModel(saved: { provider: string; modelId: string } | undefined): void {
    if (!saved || this.api.flags.model !== undefined || this.api.flags.provider !== undefined) return;
    const current = this.api.agent.model;
    if (current?.provider === saved.provider && current.id === saved.modelId) return;
    const models = this.api.services.get("models");
    const model = models?.find(saved.provider, saved.modelId);
    if (model) this.api.actions.setModel(model, "restore");
    else
      this.report(
        `the session's model ${saved.provider}/${saved.modelId} is not configured; continuing with ${current ? `${current.provider}/${current.id}` : "no model"}`,
        "warning",
      );
  }

  /** When flags override the session's model or thinking level, the switch is recorded. */
  private recordSettingsIfChanged(saved: { provider: string; modelId: string } | undefined, level: ThinkingLevel): void {
    const model = this.api.agent.model;
    if (model && saved && (model.provider !== saved.provider || model.id !== saved.modelId)) {
      this.append({ type: "model_change", provider: model.provider, modelId: model.id });
    }
    if (this.api.agent.thinkingLevel !== level) this.append({ type: "thinking_level_change", thinkingLevel: this.api.agent.thinkingLevel });
  }

  private lockNew(state: SessionState): void {
    if (state.session.readOnly) return;
    const lock = acquireLock(state.session.path!);
    if (lock.ok) state.lock = lock.lock;
  }
}

/**
 * The path up to its last finished answer (an assistant message that did not stop for tools),
 * or up to its first message when there is none: what another process is still doing is cut off.
 */
export function settled(path: SessionEntry[]): SessionEntry[] {
  for (let i = path.length - 1; i >= 0; i--) {
    const e = path[i];
    if (e.type === "message" && e.message.role === "assistant" && e.message.stopReason !== "toolUse") return path.slice(0, i + 1);
  }
  const first = path.findIndex((e) => e.type === "message" || e.type === "custom_message");
  return first < 0 ? path : path.slice(0, first);
}
