// pi's two tool shapes: a ToolDefinition (execute gets the extension context as 5th argument,
// plus prompt snippet and guidelines) and the AgentTool the agent core runs, which
// createXTool returns. Wrapping keeps the definition's fields and passes the context through.
import type { TSchema } from "@sinclair/typebox";

export interface ToolResultLike<D = unknown> {
  content: ({ type: "text"; text: string } | { type: "image"; data: string; mimeType: string })[];
  details: D;
}
export type ToolUpdate<D = unknown> = (partial: ToolResultLike<D>) => void;
/** The part of pi's ExtensionContext the built-in tools read. */
export interface ToolCtx {
  cwd?: string;
  model?: { input?: string[] };
}

export interface PiToolDefinition<D = unknown> {
  name: string;
  label: string;
  description: string;
  promptSnippet?: string;
  promptGuidelines?: string[];
  parameters: TSchema;
  prepareArguments?: (raw: unknown) => unknown;
  executionMode?: "sequential" | "parallel";
  /** Not pi's: what the tool does and the paths a call touches (the kernel's ToolDef fields), kept by wrapping. */
  effect?: "read" | "search" | "edit" | "execute" | "fetch" | "other";
  // biome-ignore lint/suspicious/noExplicitAny: each tool narrows its own parameters
  paths?: (params: any) => string[];
  // biome-ignore lint/suspicious/noExplicitAny: each tool narrows its own parameters
  execute(toolCallId: string, params: any, signal?: AbortSignal, onUpdate?: ToolUpdate<D>, ctx?: ToolCtx): Promise<ToolResultLike<D>>;
}
export type PiAgentTool<D = unknown> = Omit<PiToolDefinition<D>, "promptSnippet" | "promptGuidelines">;

/** pi's wrapToolDefinition: the AgentTool for a definition; `context` supplies a missing 5th argument. */
export function toAgentTool<D>(
  def: PiToolDefinition<D>,
  context?: (toolCallId: string, signal?: AbortSignal) => ToolCtx | undefined,
): PiAgentTool<D> {
  return {
    name: def.name,
    label: def.label,
    description: def.description,
    parameters: def.parameters,
    prepareArguments: def.prepareArguments,
    executionMode: def.executionMode,
    effect: def.effect,
    paths: def.paths,
    execute: (id, params, signal, onUpdate, ctx) => def.execute(id, params, signal, onUpdate, ctx ?? context?.(id, signal)),
  };
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new Error("Operation aborted");
}

export const text = (t: string) => ({ type: "text" as const, text: t });
