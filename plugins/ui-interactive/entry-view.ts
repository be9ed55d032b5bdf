// A session custom entry (pi's appendEntry) in the transcript, drawn by the plugin that registered
// an `entryRenderer` for its customType (pi's registerEntryRenderer), with the expanded state
// following Ctrl+O. Entries without a renderer are state, not conversation: they are never drawn,
// nor is one whose renderer returns nothing (a renderer that throws is reported once).
import type { CustomEntry, EntryRendererDef } from "../../contracts/index.js";
import { Cached } from "../../lib/tui/index.js";
import { reportRenderError, type ViewContext } from "./view-context.js";

export class EntryView extends Cached {
  private failed: EntryRendererDef | undefined;

  constructor(
    private readonly ctx: ViewContext,
    readonly entry: CustomEntry,
  ) {
    super();
  }

  /** The expand toggle flipped. */
  refresh(): void {
    this.changed();
  }

  protected draw(width: number): string[] {
    const api = this.ctx.api();
    const renderer = api.registry.get("entryRenderer", this.entry.customType);
    if (!renderer || renderer === this.failed) return [];
    try {
      const lines = renderer.render(this.entry, { expanded: this.ctx.toolsExpanded(), width, theme: this.ctx.theme() });
      return lines?.length ? ["", ...lines] : [];
    } catch (error) {
      this.failed = renderer;
      reportRenderError(this.ctx, `entry renderer "${this.entry.customType}"`, api.registry.owner("entryRenderer", renderer.name), error);
      return [];
    }
  }
}
