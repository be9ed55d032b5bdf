// Contributions that change how the interactive UIs (inline and full-screen) draw the transcript,
// beyond a custom message's renderer (contracts/ui.ts): pi 0.86's entry renderers and Markdown
// transformers, and pi 1.5's tool renderer resolvers. pi-compat registers them for extensions;
// ui-interactive reads them at draw time, so a reloaded plugin's version is the one used.
import type { CustomEntry } from "./session-entries.js";

/** How the UIs draw a session custom entry (pi's appendEntry) of one `customType` (`name`). */
export interface EntryRendererDef {
  name: string;
  render(entry: CustomEntry, opts: { expanded: boolean; width: number; theme: unknown }): string[] | undefined;
}

/** The Markdown surfaces a transformer runs on (pi's MarkdownMessageType). */
export type MarkdownSurface = "user" | "assistant" | "assistant-thinking" | "custom" | "summary" | "changelog";

export interface MarkdownTransformContext {
  messageType: MarkdownSurface;
  isStreaming: boolean;
  availableWidth: number;
}

/** Rewrites Markdown before the UI draws it (display only: the message itself is unchanged). */
export interface MarkdownTransformerDef {
  /** Unique per registration; transformers run in registration order. */
  name: string;
  /** Default: user, assistant and assistant-thinking. */
  surfaces?: readonly MarkdownSurface[];
  transform(markdown: string, ctx: MarkdownTransformContext): string;
}

/** A tool row's renderers, as a tool declares them (plugins/ui-interactive/tool-renderers.ts). */
export type ToolRenderersLike = object;

/**
 * Chooses how calls to a tool are drawn, including tools not registered (pi's ToolRendererResolver):
 * `next()` gives what the later resolvers, then the registered tool, would use.
 */
export interface ToolRendererDef {
  name: string;
  resolve(toolName: string, next: () => ToolRenderersLike | undefined): ToolRenderersLike | undefined;
}

declare module "pi-kernel" {
  interface Contributions {
    entryRenderer: EntryRendererDef;
    markdownTransformer: MarkdownTransformerDef;
    toolRenderer: ToolRendererDef;
  }
  interface CustomEvents {
    /** A custom entry was appended to the session (pi's appendEntry): a UI draws it when a renderer is registered. */
    custom_entry: { entry: CustomEntry };
  }
}
