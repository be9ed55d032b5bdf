// The edit tool: exact, unique, all-or-nothing text replacements in an existing file.
import { readFile } from "node:fs/promises";
import { defineTool, Type } from "pi-kernel";
import { writeFileAtomic } from "./atomic-write.js";
import { prepareEditArguments } from "./edit-args.js";
import { applyEdits } from "./edit-apply.js";
import { summariseChange } from "./edit-diff.js";
import { describeFsError, statExistingFile } from "./file-checks.js";
import { withFileMutationQueue } from "./file-mutation-queue.js";
import { resolveToolPath } from "./resolve-path.js";

const BOM = "\uFEFF";

const parameters = Type.Object({
  path: Type.String({ description: "Path to the file to edit (relative or absolute)" }),
  edits: Type.Array(
    Type.Object(
      {
        oldText: Type.String({ description: "Exact text to replace; must occur exactly once in the original file" }),
        newText: Type.String({ description: "Text to replace it with" }),
      },
      { additionalProperties: false },
    ),
    { minItems: 1, description: "Replacements, each matched against the original file; they must not overlap" },
  ),
});

export interface EditDetails { diff: string; firstChangedLine: number | undefined }

export const editTool = defineTool<typeof parameters, EditDetails>({
  name: "edit",
  label: "Edit",
  description:
    "Edit a file by replacing exact text. Each oldText must match exactly one place in the original file " +
    "(including whitespace); include enough surrounding lines to make it unique. Several non-overlapping " +
    "edits can be made in one call; they are applied together or not at all.",
  promptSnippet: "edit: Make precise replacements in a file (exact oldText -> newText)",
  parameters,
  prepareArguments: prepareEditArguments,
  async execute(_id, params, signal, _onUpdate, ctx) {
    signal.throwIfAborted();
    const path = resolveToolPath(ctx.cwd, params.path);
    return withFileMutationQueue(path, async () => {
      await statExistingFile(path);
      const raw = await readFile(path, { signal }).catch((error) => { throw new Error(describeFsError(error, path)); });
      const decoded = decodeUtf8(raw, path);
      const bom = decoded.startsWith(BOM) ? BOM : "";
      const before = decoded.slice(bom.length);
      const { text: after, firstOffset } = applyEdits(before, params.edits, path);
      signal.throwIfAborted();
      await writeFileAtomic(path, bom + after, signal);
      const details = await summariseChange(path, before, after);
      // Without a diff (it timed out), the first replaced span still says where the change is.
      details.firstChangedLine ??= lineAt(before, firstOffset);
      const n = params.edits.length;
      return { content: [{ type: "text", text: `Successfully replaced ${n} block(s) in ${path}.` }], details };
    });
  },
});

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line += 1;
  return line;
}

/** Refuses files that are not UTF-8: re-encoding them would corrupt bytes outside the edit. */
function decodeUtf8(raw: Buffer, path: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(raw);
  } catch {
    throw new Error(`${path} is not valid UTF-8 text, so edit cannot change it safely. Use bash (e.g. sed or perl) instead.`);
  }
}
