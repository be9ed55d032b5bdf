// pi's edit tool over pluggable operations: edits[] of exact (or whitespace/quote-tolerant)
// replacements, the file's BOM and line endings kept, queued with every other mutation of the
// file, answering with pi's diff and patch in details. Legacy oldText/newText arguments and
// edits sent as a JSON string are accepted, as pi does.
import { constants } from "node:fs";
import { access, readFile, writeFile } from "node:fs/promises";
import { Type } from "@sinclair/typebox";
import { resolveToolPath } from "../../../../../lib/tool-kit/index.js";
import { type PiToolDefinition, text, throwIfAborted, toAgentTool } from "./definition.js";
import { applyEdits, type Edit } from "./edit-apply.js";
import { generateDiffString, generateUnifiedPatch } from "./edit-diff.js";
import { withFileMutationQueue } from "./mutation-queue.js";

export interface EditOperations {
  readFile(absolutePath: string): Promise<Buffer>;
  writeFile(absolutePath: string, content: string): Promise<void>;
  access(absolutePath: string): Promise<void>;
}
export interface EditToolOptions {
  operations?: EditOperations;
}
export interface EditToolDetails {
  diff: string;
  patch: string;
  firstChangedLine?: number;
}

const schema = Type.Object({
  path: Type.String({ description: "Path to the file to edit (relative or absolute)" }),
  edits: Type.Array(
    Type.Object({
      oldText: Type.String({
        description:
          "Exact text for one targeted replacement. It must be unique in the original file and must not overlap with any other edits[].oldText in the same call.",
      }),
      newText: Type.String({ description: "Replacement text for this targeted edit." }),
    }),
    {
      description:
        "One or more targeted replacements. Each edit is matched against the original file, not incrementally. Do not include overlapping or nested edits. If two changes touch the same block or nearby lines, merge them into one edit instead.",
    },
  ),
});

const localOps: EditOperations = {
  readFile: (p) => readFile(p),
  writeFile: (p, content) => writeFile(p, content, "utf8"),
  access: (p) => access(p, constants.R_OK | constants.W_OK),
};

const isEdit = (v: unknown): v is Edit =>
  !!v && typeof v === "object" && typeof (v as Edit).oldText === "string" && typeof (v as Edit).newText === "string";

/** pi's prepareArguments: edits as a JSON string or one object, and the legacy top-level oldText/newText. */
export function prepareEditArguments(input: unknown): unknown {
  if (!input || typeof input !== "object") return input;
  const args = { ...(input as Record<string, unknown>) };
  if (typeof args.edits === "string") {
    try {
      const parsed: unknown = JSON.parse(args.edits);
      if (Array.isArray(parsed)) args.edits = parsed;
      else if (isEdit(parsed)) args.edits = [parsed];
    } catch {
      // Left as it is: validation reports it.
    }
  } else if (isEdit(args.edits)) args.edits = [args.edits];
  if (!isEdit(args)) return args;
  const { oldText, newText, ...rest } = args as Record<string, unknown> & Edit;
  return { ...rest, edits: [...(Array.isArray(args.edits) ? args.edits : []), { oldText, newText }] };
}

export function createEditToolDefinition(cwd: string, options: EditToolOptions = {}): PiToolDefinition<EditToolDetails> {
  const ops = options.operations ?? localOps;
  return {
    name: "edit",
    label: "edit",
    effect: "edit",
    paths: (p: { path: string }) => [p.path],
    description:
      "Edit a single file using exact text replacement. Every edits[].oldText must match a unique, non-overlapping region of the original file. If two changes affect the same block or nearby lines, merge them into one edit instead of emitting overlapping edits. Do not include large unchanged regions just to connect distant changes.",
    promptSnippet: "Make precise file edits with exact text replacement, including multiple disjoint edits in one call",
    promptGuidelines: [
      "Use edit for precise changes (edits[].oldText must match exactly)",
      "When changing multiple separate locations in one file, use one edit call with multiple entries in edits[] instead of multiple edit calls",
      "Each edits[].oldText is matched against the original file, not after earlier edits are applied. Do not emit overlapping or nested edits. Merge nearby changes into one edit.",
      "Keep edits[].oldText as small as possible while still being unique in the file. Do not pad with large unchanged regions.",
    ],
    parameters: schema,
    prepareArguments: prepareEditArguments,
    async execute(_id, input: { path: string; edits: Edit[] }, signal, _onUpdate, ctx) {
      const { path, edits } = prepareEditArguments(input) as { path: string; edits: Edit[] };
      if (!Array.isArray(edits) || edits.length === 0)
        throw new Error("Edit tool input is invalid. edits must contain at least one replacement.");
      const absolute = resolveToolPath(ctx?.cwd || cwd, path);
      return withFileMutationQueue(absolute, async () => {
        throwIfAborted(signal);
        try {
          await ops.access(absolute);
        } catch (error) {
          const code = error instanceof Error && "code" in error ? `Error code: ${String(error.code)}` : String(error);
          throw new Error(`Could not edit file: ${path}. ${code}.`);
        }
        const raw = (await ops.readFile(absolute)).toString("utf8");
        throwIfAborted(signal);
        const bom = raw.startsWith("\uFEFF") ? "\uFEFF" : "";
        const body = raw.slice(bom.length);
        const crlf = /\r\n/.test(body) && body.indexOf("\r\n") <= body.indexOf("\n");
        const { before, after } = applyEdits(body, edits, path);
        await ops.writeFile(absolute, bom + (crlf ? after.replace(/\n/g, "\r\n") : after));
        throwIfAborted(signal);
        const { diff, firstChangedLine } = generateDiffString(before, after);
        return {
          content: [text(`Successfully replaced ${edits.length} block(s) in ${path}.`)],
          details: { diff, patch: generateUnifiedPatch(path, before, after), firstChangedLine },
        };
      });
    },
  };
}

export const createEditTool = (cwd: string, options?: EditToolOptions) => toAgentTool(createEditToolDefinition(cwd, options));
