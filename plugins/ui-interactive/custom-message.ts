// A session custom message (role "custom": pi's sendMessage, before_agent_start's message) in the
// transcript. The plugin that registered a `messageRenderer` for its customType draws it, with the
// expanded state following Ctrl+O; without one, or when that renderer returns nothing or throws,
// it is drawn as pi draws it: the [customType] label and the text on the custom-message colours.
// Messages sent with `display: false` are never drawn (the transcript skips them).

import { Cached, wrapText } from "../../lib/tui/index.js";
import { block, reportRenderError, type ViewContext } from "./view-context.js";
import type { MessageRendererDef } from "../../contracts/index.js";

export interface CustomMessage {
  role: "custom";
  customType: string;
  content: unknown;
  display?: boolean;
  details?: unknown;
  timestamp: number;
  [key: string]: unknown;
}

export class CustomMessageView extends Cached {
  /** The renderer that threw, so it is reported once and not called again until replaced. */
  private failed: MessageRendererDef | undefined;

  constructor(
    private readonly ctx: ViewContext,
    readonly message: CustomMessage,
  ) {
    super();
  }

  /** The expand toggle flipped. */
  refresh(): void {
    this.changed();
  }

  protected draw(width: number): string[] {
    return ["", ...(this.custom(width) ?? this.standard(width))];
  }

  private custom(width: number): string[] | undefined {
    const api = this.ctx.api();
    const renderer = api.registry.get("messageRenderer", this.message.customType);
    if (!renderer || renderer === this.failed) return undefined;
    try {
      return renderer.render(this.message, { expanded: this.ctx.toolsExpanded(), width, theme: this.ctx.theme() }) ?? undefined;
    } catch (error) {
      this.failed = renderer;
      reportRenderError(
        this.ctx,
        `message renderer "${this.message.customType}"`,
        api.registry.owner("messageRenderer", renderer.name),
        error,
      );
      return undefined;
    }
  }

  private standard(width: number): string[] {
    const t = this.ctx.theme();
    const inner = Math.max(1, width - 2);
    const label = t.fg("customMessageLabel", t.bold(`[${this.message.customType}]`));
    const body = messageText(this.message.content)
      .split("\n")
      .flatMap((l) => wrapText(l, inner))
      .map((l) => t.fg("customMessageText", l));
    return block(this.ctx, "customMessageBg", [label, ...body], width);
  }
}

function messageText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((c: { type?: string; text?: string }) => (c.type === "text" ? (c.text ?? "") : c.type === "image" ? "[image]" : ""))
    .join("\n");
}
