// Turns the agent's event stream into transcript views: user prompts, streaming assistant
// messages, one row per tool call (live from the first streamed argument to the result), and
// `!cmd` runs, plugins' custom messages. Also replays a conversation that is already there (a
// resumed session).
import { type Component, Container } from "../../lib/tui/index.js";
import type { AgentEvent, AgentMessage, AssistantMessage, ToolCall, ToolResult, ToolResultMessage } from "pi-kernel";
import type { PlacedEntry } from "./custom-entries.js";
import { CustomMessageView, type CustomMessage } from "./custom-message.js";
import { EntryView } from "./entry-view.js";
import { AssistantView, BashRunView, NoticeView, UserMessageView } from "./message-views.js";
import { ToolRow } from "./tool-row.js";
import { Slot } from "./slot.js";
import { reportLater, type ViewContext } from "./view-context.js";

type Refreshable = Component & { refresh?(): void };

export class Transcript {
  readonly container = new Container();
  /** A plugin's header above the conversation (pi's ctx.ui.setHeader). */
  readonly header: Slot;
  private current: AssistantView | undefined;
  private readonly rows = new Map<string, ToolRow>();
  /** Rows of tool calls the streaming message started: gone with it if it is superseded. */
  private partialRows: string[] = [];
  /**
   * Custom messages already drawn. One added outside a turn both replaces the message list (so
   * the conversation is replayed) and emits message_start: it must be drawn once.
   */
  private customs = new WeakSet<object>();
  /** Custom entries drawn (by id): one drawn live is not drawn again when the messages it sits among are. */
  private entryIds = new Set<string>();

  constructor(private readonly ctx: ViewContext) {
    this.header = new Slot((error) => reportLater(ctx.api, "ui.setHeader", "A plugin's header failed to draw", error));
  }

  /** Applies one event; returns whether anything visible changed. */
  onEvent(e: AgentEvent): boolean {
    switch (e.type) {
      case "message_start":
        return this.messageStart((e as { message: AgentMessage }).message);
      case "message_update": {
        const m = (e as { message: AssistantMessage }).message;
        this.current?.update(m, true);
        for (const c of m.content) {
          if (c.type !== "toolCall" || !c.id) continue;
          if (!this.rows.has(c.id)) this.partialRows.push(c.id);
          this.row(c.id, c.name).setArgs(c.arguments);
        }
        return true;
      }
      case "auto_retry_start": {
        // pi retries the whole turn: what streamed of the failed attempt goes, the retry says so.
        const r = e as unknown as { attempt: number; maxAttempts: number; delayMs: number; errorMessage: string };
        this.dropPartial();
        const wait = r.delayMs >= 1000 ? ` in ${Math.round(r.delayMs / 100) / 10} s` : "";
        this.notice("warning", `Retrying (attempt ${r.attempt} of ${r.maxAttempts})${wait}: ${r.errorMessage}`);
        return true;
      }
      case "custom_entry": {
        // Drawn where it was appended; without a renderer it is an extension's state, not shown.
        const { entry } = e as unknown as { entry: EntryView["entry"] };
        if (!this.ctx.api().registry.get("entryRenderer", entry.customType)) return false;
        this.addEntry(entry);
        return true;
      }
      case "message_end": {
        const m = (e as { message: AgentMessage }).message;
        if (m.role === "assistant" && this.current) {
          this.current.update(m as AssistantMessage);
          for (const c of (m as AssistantMessage).content) {
            if (c.type !== "toolCall") continue;
            const row = this.row(c.id, c.name);
            row.setArgs(c.arguments);
            row.completeArgs();
          }
          this.current = undefined;
          this.partialRows = [];
          return true;
        }
        return false;
      }
      case "tool_execution_start": {
        const x = e as { toolCallId: string; toolName: string; args: unknown };
        const row = this.row(x.toolCallId, x.toolName);
        row.setArgs(x.args);
        row.start();
        return true;
      }
      case "tool_execution_update": {
        const x = e as { toolCallId: string; toolName: string; partialResult: ToolResult };
        this.row(x.toolCallId, x.toolName).update(x.partialResult);
        return true;
      }
      case "tool_execution_end": {
        const x = e as { toolCallId: string; toolName: string; result: ToolResult; isError: boolean };
        this.row(x.toolCallId, x.toolName).finish(x.result, x.isError);
        return true;
      }
      default:
        return false;
    }
  }

  /** Forgets every view (the conversation was replaced: /resume, /tree, /new, compaction). */
  reset(): void {
    this.container.clear();
    this.rows.clear();
    this.current = undefined;
    this.partialRows = [];
    this.customs = new WeakSet();
    this.entryIds.clear();
  }

  private addEntry(entry: EntryView["entry"]): void {
    if (this.entryIds.has(entry.id)) return;
    this.entryIds.add(entry.id);
    this.container.add(new EntryView(this.ctx, entry));
  }

  /**
   * Draws messages that exist already (a resumed or restored conversation), and the session's
   * custom entries among them (`at`: after that many of the messages; those drawn already are
   * skipped), as pi draws them on resume.
   */
  replay(messages: readonly AgentMessage[], entries: readonly PlacedEntry[] = []): void {
    let next = 0;
    const entriesUpTo = (at: number) => {
      for (; next < entries.length && entries[next]!.at <= at; next++) this.addEntry(entries[next]!.entry);
    };
    for (const [i, m] of messages.entries()) {
      entriesUpTo(i);
      if (m.role === "toolResult") {
        const r = m as ToolResultMessage;
        this.row(r.toolCallId, r.toolName).finish({ content: r.content, details: r.details }, r.isError);
        continue;
      }
      this.messageStart(m);
      if (m.role === "assistant") {
        for (const c of (m as AssistantMessage).content) {
          if (c.type !== "toolCall") continue;
          const row = this.row((c as ToolCall).id, c.name);
          row.setArgs(c.arguments);
          row.start();
        }
        this.current = undefined;
      }
    }
    entriesUpTo(Number.POSITIVE_INFINITY);
  }

  notice(level: "info" | "warning" | "error", text: string): void {
    this.container.add(new NoticeView(this.ctx, level, text));
  }

  bashRun(command: string, excluded: boolean): BashRunView {
    const view = new BashRunView(this.ctx, command, excluded);
    this.container.add(view);
    return view;
  }

  add(view: Component): void {
    this.container.add(view);
  }

  /** Redraws views that depend on the expand/thinking toggles. */
  refresh(): void {
    for (const child of this.container.children as Refreshable[]) child.refresh?.();
  }

  private messageStart(m: AgentMessage): boolean {
    if (m.role === "user") {
      const content = (m as { content: unknown }).content;
      const text =
        typeof content === "string"
          ? content
          : Array.isArray(content)
            ? content.map((c) => (c.type === "text" ? c.text : "[image]")).join("\n")
            : "";
      this.container.add(new UserMessageView(this.ctx, text));
      return true;
    }
    if (m.role === "assistant") {
      // A message that starts while another streams supersedes it (a retried turn, a fallback model).
      this.dropPartial();
      this.current = new AssistantView(this.ctx);
      this.current.update(m as AssistantMessage);
      this.container.add(this.current);
      return true;
    }
    if (m.role === "custom") {
      const c = m as unknown as CustomMessage;
      if (c.display === false || this.customs.has(m)) return false;
      this.customs.add(m);
      this.container.add(new CustomMessageView(this.ctx, c));
      return true;
    }
    if (m.role === "bashExecution") {
      const b = m as unknown as {
        command: string;
        output: string;
        exitCode: number | null;
        cancelled?: boolean;
        excludeFromContext?: boolean;
      };
      const view = this.bashRun(b.command, !!b.excludeFromContext);
      view.append(b.output);
      view.finish(b.exitCode, !!b.cancelled);
      return true;
    }
    return false;
  }

  /** Removes the assistant message still streaming, and the rows of its unfinished tool calls. */
  private dropPartial(): void {
    if (this.current) this.container.remove(this.current);
    for (const id of this.partialRows) {
      const row = this.rows.get(id);
      if (row) this.container.remove(row);
      this.rows.delete(id);
    }
    this.current = undefined;
    this.partialRows = [];
  }

  private row(id: string, name: string): ToolRow {
    let row = this.rows.get(id);
    if (!row) {
      row = new ToolRow(this.ctx, id, name);
      this.rows.set(id, row);
      this.container.add(row);
    }
    return row;
  }
}
