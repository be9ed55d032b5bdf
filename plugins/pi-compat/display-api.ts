// pi's display registrations (registerEntryRenderer, registerMarkdownTransformer from 0.86,
// registerToolRenderer from 1.5) as contributions of the extension's own api
// (contracts/renderers.ts), which the interactive UIs read at draw time, so they go with the
// extension when it is reloaded or removed. pi's renderers return pi-tui Components: the UIs want
// their lines at the width they draw at.
import type { PluginApi } from "pi-kernel";
import type { CustomEntry, MarkdownSurface } from "../../contracts/index.js";

type Component = { render(width: number): string[] } | undefined;
type PiEntryRenderer = (entry: CustomEntry, opts: { expanded: boolean }, theme: unknown) => Component;
type PiMarkdownTransformer = (
  markdown: string,
  ctx: { messageType: MarkdownSurface; isStreaming: boolean; availableWidth: number },
) => string;
type PiToolRendererResolver = (toolName: string, next: () => object | undefined) => object | undefined;

export function createDisplayApi(api: PluginApi, ext: string): Record<string, unknown> {
  let count = 0;
  const entryRenderers = new Map<string, () => void>();
  return {
    registerEntryRenderer(customType: string, renderer: PiEntryRenderer) {
      // Registering a type again replaces the extension's earlier renderer, as in pi.
      entryRenderers.get(customType)?.();
      const dispose = api.register.entryRenderer({
        name: customType,
        render: (entry, o) => renderer(entry, { expanded: o.expanded }, o.theme)?.render(o.width),
      });
      entryRenderers.set(customType, dispose);
    },
    registerMarkdownTransformer(transformer: PiMarkdownTransformer, options: { messageTypes?: readonly MarkdownSurface[] } = {}) {
      if (typeof transformer !== "function") throw new TypeError("registerMarkdownTransformer: the transformer must be a function");
      api.register.markdownTransformer({ name: `${ext}#${++count}`, surfaces: options.messageTypes, transform: transformer });
    },
    registerToolRenderer(resolver: PiToolRendererResolver) {
      if (typeof resolver !== "function") throw new TypeError("registerToolRenderer: the resolver must be a function");
      api.register.toolRenderer({ name: `${ext}#${++count}`, resolve: resolver });
    },
  };
}
