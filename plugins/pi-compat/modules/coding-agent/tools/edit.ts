// pi's edit tool: pi's definition (name, schema, prompt lines, details with diff and patch) over
// the toolkit's one edit implementation (editPath: exact, then whitespace/quote-tolerant matching,
// BOM and line endings kept, nothing written unless every edit applies), through the
// EditOperations an extension gives or the local disk. Refusals are worded as pi words them.
import { Type } from "@sinclair/typebox";
import {
  diskOperations,
  type Edit,
  type EditOperations,
  type EditWording,
  editPath,
  prepareEditArguments,
  resolveToolPath,
} from "../../../../../lib/tool-kit/index.js";
import { type PiToolDefinition, text, toAgentTool } from "./definition.js";
import { generateDiffString, generateUnifiedPatch } from "./edit-diff.js";
import { withFileMutationQueue } from "./mutation-queue.js";

export type { EditOperations };
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

/** pi's messages, one form for a single edit and one naming edits[i] in a batch; a missing text also gets the closest lines. */
export const piEditWording: EditWording = (problem, path) => {
  const one = problem.total === 1;
  const which = "index" in problem ? `edits[${problem.index}]` : "";
  switch (problem.kind) {
    case "empty":
      return one ? `oldText must not be empty in ${path}.` : `${which}.oldText must not be empty in ${path}.`;
    case "not-found": {
      const closest = problem.closest();
      const message = one
        ? `Could not find the exact text in ${path}. The old text must match exactly including all whitespace and newlines.`
        : `Could not find ${which} in ${path}. The oldText must match exactly including all whitespace and newlines.`;
      return closest ? `${message}\n\n${closest}` : message;
    }
    case "ambiguous":
      return one
        ? `Found ${problem.count} occurrences of the text in ${path}. The text must be unique. Please provide more context to make it unique.`
        : `Found ${problem.count} occurrences of ${which} in ${path}. Each oldText must be unique. Please provide more context to make it unique.`;
    case "overlap":
      return `${which} and edits[${problem.other}] overlap in ${path}. Merge them into one edit or target disjoint regions.`;
    case "identical":
    case "unchanged":
      return one
        ? `No changes made to ${path}. The replacement produced identical content. This might indicate an issue with special characters or the text not existing as expected.`
        : `No changes made to ${path}. The replacements produced identical content.`;
  }
};

const lf = (t: string) => t.replace(/\r\n/g, "\n");

export function createEditToolDefinition(cwd: string, options: EditToolOptions = {}): PiToolDefinition<EditToolDetails> {
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
        const ops = options.operations ?? diskOperations(signal, "edit");
        const access = (p: string) =>
          ops.access(p).catch((error: unknown) => {
            const code = error instanceof Error && "code" in error ? `Error code: ${String(error.code)}` : String(error);
            throw new Error(`Could not edit file: ${path}. ${code}.`);
          });
        const edited = await editPath(
          { readFile: (p) => ops.readFile(p), writeFile: (p, c) => ops.writeFile(p, c), access },
          absolute,
          edits,
          { signal, shownPath: path, wording: piEditWording },
        );
        const [before, after] = [lf(edited.before), lf(edited.after)];
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
