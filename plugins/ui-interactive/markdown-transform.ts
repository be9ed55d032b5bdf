// Plugins' Markdown transformers (pi's registerMarkdownTransformer) before a view draws Markdown:
// they run in registration order, each on what the one before returned. One that throws keeps the
// text so far (reported once per transformer, naming its plugin) and the next one runs. Display
// only: the message in the session and the model's context is never changed.
import type { MarkdownSurface, MarkdownTransformerDef } from "../../contracts/index.js";
import { reportRenderError, type ViewContext } from "./view-context.js";

const DEFAULT_SURFACES: readonly MarkdownSurface[] = ["user", "assistant", "assistant-thinking"];
const reported = new WeakSet<MarkdownTransformerDef>();

export function transformMarkdown(ctx: ViewContext, text: string, surface: MarkdownSurface, isStreaming: boolean, width: number): string {
  const api = ctx.api();
  let out = text;
  for (const t of api.registry.list("markdownTransformer")) {
    if (!(t.surfaces ?? DEFAULT_SURFACES).includes(surface)) continue;
    try {
      const next = t.transform(out, { messageType: surface, isStreaming, availableWidth: width });
      if (typeof next === "string") out = next;
    } catch (error) {
      if (reported.has(t)) continue;
      reported.add(t);
      reportRenderError(ctx, `markdown transformer "${t.name}"`, api.registry.owner("markdownTransformer", t.name), error);
    }
  }
  return out;
}
