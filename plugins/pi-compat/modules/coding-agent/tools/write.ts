// pi's write tool: pi's definition and answer over the toolkit's one write implementation
// (writePath: parent folders, then the file), through the WriteOperations an extension gives or
// the local disk (a safe write that keeps links, owner and mode), queued with every other
// mutation of that file (withFileMutationQueue).
import { Type } from "@sinclair/typebox";
import { diskOperations, resolveToolPath, type WriteOperations, writePath } from "../../../../../lib/tool-kit/index.js";
import { type PiToolDefinition, text, throwIfAborted, toAgentTool } from "./definition.js";
import { withFileMutationQueue } from "./mutation-queue.js";

export type { WriteOperations };
export interface WriteToolOptions {
  operations?: WriteOperations;
}

const schema = Type.Object({
  path: Type.String({ description: "Path to the file to write (relative or absolute)" }),
  content: Type.String({ description: "Content to write to the file" }),
});

export function createWriteToolDefinition(cwd: string, options: WriteToolOptions = {}): PiToolDefinition<undefined> {
  return {
    name: "write",
    label: "write",
    effect: "edit",
    paths: (p: { path: string }) => [p.path],
    description:
      "Write content to a file. Creates the file if it doesn't exist, overwrites if it does. Automatically creates parent directories.",
    promptSnippet: "Create or overwrite files",
    promptGuidelines: ["Use write only for new files or complete rewrites."],
    parameters: schema,
    async execute(_id, { path, content }: { path: string; content: string }, signal, _onUpdate, ctx) {
      const absolute = resolveToolPath(ctx?.cwd || cwd, path);
      // The queue stays held until the write settles; aborts are seen between steps.
      return withFileMutationQueue(absolute, async () => {
        await writePath(options.operations ?? diskOperations(signal, "write"), absolute, content, signal);
        throwIfAborted(signal);
        return { content: [text(`Successfully wrote to ${path}`)], details: undefined };
      });
    },
  };
}

export const createWriteTool = (cwd: string, options?: WriteToolOptions) => toAgentTool(createWriteToolDefinition(cwd, options));
