// pi's find, grep and ls over the toolkit's: the toolkit tool's definition (it already speaks pi's
// words) and its search function, and pi's details from the toolkit's: the same counts, without the
// engine name, and pi's `truncation` where the toolkit says `truncated` (the 50 KB cut).
import type { TSchema } from "@sinclair/typebox";
import type { ToolEffect } from "pi-kernel";
import type { TruncationResult } from "../../truncate.js";
import type { PiToolDefinition, ToolResultLike } from "./definition.js";

type Search<P, O> = (
  cwd: string,
  params: P,
  signal: AbortSignal,
  operations?: O,
) => Promise<{ content: ToolResultLike["content"]; details?: unknown }>;

export function piSearchDefinition<P, O>(
  tool: {
    name: string;
    label?: string;
    description: string;
    promptSnippet?: string;
    parameters: TSchema;
    effect?: ToolEffect;
    paths?(params: never): string[];
  },
  search: Search<P, O>,
  cwd: string,
  operations?: O,
): PiToolDefinition<Record<string, unknown> | undefined> {
  return {
    name: tool.name,
    label: tool.label ?? tool.name,
    description: tool.description,
    promptSnippet: tool.promptSnippet,
    parameters: tool.parameters,
    // The built-in's declaration goes with it: permissions, ACP and labels read these, not the name.
    effect: tool.effect,
    paths: tool.paths as ((params: unknown) => string[]) | undefined,
    async execute(_id, params: P, signal, _onUpdate, ctx) {
      return piSearchResult(await search(ctx?.cwd || cwd, params, signal ?? new AbortController().signal, operations));
    },
  };
}

type Details = { engine?: string; truncated?: boolean } & Record<string, unknown>;

export function piSearchResult(result: {
  content: ToolResultLike["content"];
  details?: unknown;
}): ToolResultLike<Record<string, unknown> | undefined> {
  const { engine: _engine, truncated, ...rest } = (result.details ?? {}) as Details;
  const details: Record<string, unknown> = rest;
  if (truncated) {
    const first = result.content[0];
    const content = (first?.type === "text" ? first.text : "").replace(/\n\n\[[^\n]*\]$/, "");
    const bytes = Buffer.byteLength(content, "utf8");
    const lines = content.split("\n").length;
    const truncation: TruncationResult = {
      content,
      truncated: true,
      truncatedBy: "bytes",
      totalLines: lines,
      totalBytes: bytes,
      outputLines: lines,
      outputBytes: bytes,
    };
    details.truncation = truncation;
  }
  return { content: result.content, details: Object.keys(details).length ? details : undefined };
}
