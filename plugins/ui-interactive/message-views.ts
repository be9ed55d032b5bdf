// Transcript views for messages: the user's prompt, the assistant's streaming answer (markdown,
// thinking blocks, errors), `!cmd` runs, and notices. Each caches its lines until it changes.
import { Cached, MarkdownRenderer, wrapText } from "../../lib/tui/index.js";
import type { AssistantMessage } from "pi-kernel";
import { transformMarkdown } from "./markdown-transform.js";
import { block, type ViewContext } from "./view-context.js";

export class UserMessageView extends Cached {
  constructor(
    private readonly ctx: ViewContext,
    private readonly text: string,
  ) {
    super();
  }

  protected draw(width: number): string[] {
    const t = this.ctx.theme();
    const text = transformMarkdown(this.ctx, this.text, "user", false, width - 2);
    const body = wrapText(text, Math.max(1, width - 2)).map((l) => t.fg("userMessageText", l));
    return ["", ...block(this.ctx, "userMessageBg", body, width)];
  }
}

export class AssistantView extends Cached {
  private message: AssistantMessage | undefined;
  private readonly markdown: MarkdownRenderer;

  constructor(private readonly ctx: ViewContext) {
    super();
    this.markdown = new MarkdownRenderer(ctx.theme);
  }

  /** `streaming`: a partial message (Markdown transformers are told). */
  private streaming = false;

  update(message: AssistantMessage, streaming = false): void {
    this.message = message;
    this.streaming = streaming;
    this.changed();
  }

  /** The global thinking toggle flipped. */
  refresh(): void {
    this.changed();
  }

  protected draw(width: number): string[] {
    const m = this.message;
    if (!m) return [];
    const t = this.ctx.theme();
    const out: string[] = [];
    for (const c of m.content) {
      if (c.type === "thinking" && c.thinking.trim()) {
        out.push("");
        if (this.ctx.thinkingHidden()) out.push(t.fg("thinkingText", t.italic("Thinking… (ctrl+t to show)")));
        else
          out.push(
            ...wrapText(this.transform(c.thinking.trim(), "assistant-thinking", width), width).map((l) =>
              t.fg("thinkingText", t.italic(l)),
            ),
          );
      } else if (c.type === "text" && c.text.trim()) {
        out.push("", ...this.markdown.render(this.transform(c.text.trim(), "assistant", width), width));
      }
    }
    if (m.stopReason === "error") out.push("", ...wrapText(t.fg("error", `Error: ${m.errorMessage ?? "request failed"}`), width));
    if (m.stopReason === "aborted")
      out.push("", t.fg("warning", m.errorMessage && m.errorMessage !== "Request aborted" ? `Aborted: ${m.errorMessage}` : "Aborted"));
    return out;
  }

  private transform(text: string, surface: "assistant" | "assistant-thinking", width: number): string {
    return transformMarkdown(this.ctx, text, surface, this.streaming, width);
  }
}

export class NoticeView extends Cached {
  constructor(
    private readonly ctx: ViewContext,
    private readonly level: "info" | "warning" | "error",
    private readonly text: string,
  ) {
    super();
  }

  protected draw(width: number): string[] {
    const t = this.ctx.theme();
    const token = this.level === "error" ? "error" : this.level === "warning" ? "warning" : "muted";
    return ["", ...wrapText(this.text, width).map((l) => t.fg(token, l))];
  }
}

/** A `!command` the user ran: the command, its output as it arrives, and how it ended. */
export class BashRunView extends Cached {
  private output = "";
  private exit: string | undefined;

  constructor(
    private readonly ctx: ViewContext,
    private readonly command: string,
    private readonly excluded: boolean,
  ) {
    super();
  }

  append(text: string): void {
    this.output += text;
    this.changed();
  }

  /** Replaces the output shown (a runner that reports its bounded tail). */
  setOutput(text: string): void {
    this.output = text;
    this.changed();
  }

  finish(exitCode: number | null, cancelled: boolean): void {
    this.exit = cancelled ? "cancelled" : exitCode === 0 ? "" : `exit code ${exitCode}`;
    this.changed();
  }

  protected draw(width: number): string[] {
    const t = this.ctx.theme();
    const header = t.fg("bashMode", t.bold(`$ ${this.command}`)) + (this.excluded ? t.fg("dim", "  (not added to context)") : "");
    let lines = this.output
      .replace(/\n$/, "")
      .split("\n")
      .filter((_, i, a) => a.length > 1 || a[0] !== "");
    const limit = this.ctx.toolsExpanded() ? Infinity : 10;
    const hidden = Math.max(0, lines.length - limit);
    if (hidden) lines = lines.slice(-limit);
    const body = [
      ...(hidden ? [t.fg("dim", `… ${hidden} earlier lines (ctrl+o to expand)`)] : []),
      ...lines.flatMap((l) => wrapText(t.fg("toolOutput", l), width - 2)),
    ];
    if (this.exit === undefined) body.push(t.fg("dim", "running… (esc to cancel)"));
    else if (this.exit) body.push(t.fg("error", this.exit));
    return [
      "",
      ...block(this.ctx, this.exit === undefined ? "toolPendingBg" : this.exit ? "toolErrorBg" : "toolSuccessBg", [header, ...body], width),
    ];
  }
}
