// One tool call in the transcript: a title with the arguments that matter, a status colour
// (pending, done, failed), and a body that is collapsed to a few lines until Ctrl+O: the edit's
// diff, bash output as it streams, a read file's text, or whatever the tool returned. A tool with
// its own renderCall / renderResult draws that slot itself (tool-renderers.ts). Which body fits
// comes from what the tool declares (its effect and paths), never its name: a third-party edit
// tool's diff or a command tool's streaming tail look like the built-ins'.
import { declaredPaths } from "../../lib/tool-kit/index.js";
import { Cached, diffLines, highlightCode, languageFor, truncateToWidth, wrapText } from "../../lib/tui/index.js";
import type { ToolDef, ToolResult } from "pi-kernel";
import { ToolSlots, type RowState } from "./tool-renderers.js";
import { block, type ViewContext } from "./view-context.js";

const COLLAPSED_LINES = 5;

export class ToolRow extends Cached {
  private args: Record<string, unknown> = {};
  private partial: ToolResult | undefined;
  private result: ToolResult | undefined;
  private isError = false;
  private executionStarted = false;
  private argsComplete = false;
  private readonly slots: ToolSlots;

  constructor(
    private readonly ctx: ViewContext,
    readonly toolCallId: string,
    private readonly name: string,
  ) {
    super();
    this.slots = new ToolSlots(ctx, () => this.changed());
  }

  /** The model finished streaming the arguments. */
  completeArgs(): void {
    this.argsComplete = true;
    this.changed();
  }

  /** The tool started running. */
  start(): void {
    this.executionStarted = this.argsComplete = true;
    this.changed();
  }

  setArgs(args: unknown): void {
    if (args && typeof args === "object") this.args = args as Record<string, unknown>;
    this.changed();
  }

  update(partial: ToolResult): void {
    this.partial = partial;
    this.changed();
  }

  finish(result: ToolResult, isError: boolean): void {
    this.result = result;
    this.isError = isError;
    this.changed();
  }

  /** The global expand toggle flipped. */
  refresh(): void {
    this.changed();
  }

  protected draw(width: number): string[] {
    const t = this.ctx.theme();
    const bg = !this.result ? "toolPendingBg" : this.isError ? "toolErrorBg" : "toolSuccessBg";
    const tool = this.slots.tool(this.name);
    const self = tool?.renderShell === "self";
    const inner = self ? width : Math.max(1, width - 2);
    const title = (tool && this.slots.call(tool, this.state(), inner)) ?? [
      truncateToWidth(`${t.fg("toolTitle", t.bold(this.name))} ${t.fg("accent", this.summary())}`, inner),
    ];
    const custom = tool && this.slots.result(tool, this.state(), inner);
    if (custom) {
      const lines = [...title, ...custom];
      return self ? (lines.length ? ["", ...lines] : []) : ["", ...block(this.ctx, bg, lines, width)];
    }
    const body = this.body(inner);
    const expanded = this.ctx.toolsExpanded();
    let shown = body;
    let note: string | undefined;
    if (!expanded && body.length > COLLAPSED_LINES) {
      // Running output shows its tail; finished results show their head.
      shown = this.result || this.declared()?.effect !== "execute" ? body.slice(0, COLLAPSED_LINES) : body.slice(-COLLAPSED_LINES);
      note = t.fg("dim", `… ${body.length - COLLAPSED_LINES} more lines (ctrl+o to expand)`);
    }
    const lines = [...title, ...shown, ...(note ? [note] : [])];
    return ["", ...(self ? lines : block(this.ctx, bg, lines, width))];
  }

  private state(): RowState {
    return {
      toolCallId: this.toolCallId,
      name: this.name,
      args: this.args,
      result: this.result ?? this.partial,
      isPartial: !this.result,
      isError: this.isError,
      executionStarted: this.executionStarted,
      argsComplete: this.argsComplete,
    };
  }

  /** The tool's definition (the registry): what it declares picks the summary and the body. */
  private declared(): ToolDef | undefined {
    return this.ctx.api().registry.get("tool", this.name);
  }

  /** The paths the call touches, as the model wrote them (none when the tool does not say). */
  private paths(): string[] {
    return declaredPaths(this.declared(), this.args) ?? [];
  }

  private summary(): string {
    const a = this.args;
    if (this.declared()?.effect === "execute" && typeof a.command === "string") return `$ ${a.command.split("\n")[0]}`;
    const path = this.paths().join(", ");
    if (path) {
      const range =
        typeof a.offset === "number"
          ? `:${a.offset}${typeof a.limit === "number" ? `-${(a.offset as number) + (a.limit as number) - 1}` : ""}`
          : "";
      return path + range;
    }
    const json = JSON.stringify(a);
    return json === "{}" ? "" : json;
  }

  private body(width: number): string[] {
    const t = this.ctx.theme();
    const res = this.result ?? this.partial;
    const text = (res?.content ?? [])
      .filter((c) => c.type === "text")
      .map((c) => (c as { text: string }).text)
      .join("\n");
    const details = (res?.details ?? {}) as { diff?: unknown };
    if (this.isError) return wrapText(t.fg("error", text), width);
    const effect = this.declared()?.effect;
    const language = languageFor(this.paths()[0]);
    if (effect === "edit" && typeof details.diff === "string" && details.diff) return diffLines(details.diff, width, t);
    // A whole file written: its content; a file read: its text, highlighted when its language is known.
    if (effect === "edit" && typeof this.args.content === "string") {
      return highlightCode(this.args.content, language, t).flatMap((l) => wrapText(l, width));
    }
    if (effect === "read" && this.result && language) return highlightCode(text, language, t).flatMap((l) => wrapText(l, width));
    if (!text) return [];
    return text
      .replace(/\n$/, "")
      .split("\n")
      .flatMap((l) => wrapText(t.fg("toolOutput", l), width));
  }
}
