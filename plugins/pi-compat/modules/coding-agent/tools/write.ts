// pi's write tool over pluggable operations: creates parent folders, writes the whole file, and
// queues with every other mutation of that file (withFileMutationQueue).
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { Type } from "@sinclair/typebox";
import { resolveToolPath } from "../../../../../lib/tool-kit/index.js";
import { type PiToolDefinition, text, throwIfAborted, toAgentTool } from "./definition.js";
import { withFileMutationQueue } from "./mutation-queue.js";

export interface WriteOperations {
  writeFile(absolutePath: string, content: string): Promise<void>;
  mkdir(dir: string): Promise<void>;
}
export interface WriteToolOptions {
  operations?: WriteOperations;
}

const schema = Type.Object({
  path: Type.String({ description: "Path to the file to write (relative or absolute)" }),
  content: Type.String({ description: "Content to write to the file" }),
});

const localOps: WriteOperations = {
  writeFile: (p, content) => writeFile(p, content, "utf8"),
  mkdir: async (dir) => void (await mkdir(dir, { recursive: true })),
};

export function createWriteToolDefinition(cwd: string, options: WriteToolOptions = {}): PiToolDefinition<undefined> {
  const ops = options.operations ?? localOps;
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
        throwIfAborted(signal);
        await ops.mkdir(dirname(absolute));
        throwIfAborted(signal);
        await ops.writeFile(absolute, content);
        throwIfAborted(signal);
        return { content: [text(`Successfully wrote to ${path}`)], details: undefined };
      });
    },
  };
}

export const createWriteTool = (cwd: string, options?: WriteToolOptions) => toAgentTool(createWriteToolDefinition(cwd, options));
