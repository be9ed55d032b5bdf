// The edit tool: exact, unique, all-or-nothing text replacements in an existing file. Edits go
// through the per-file mutation queue it is built with (the "file-mutations" service), and the
// text is read and written through the "file-system" service when one serves it (file-access.ts).
// `editPath` is the one implementation of an edit: pi-compat's createEditTool runs it too, over
// the EditOperations an extension gives.
import { defineTool, Type } from "pi-kernel";
import { type DiffSummary, summariseChange } from "../files/change-summary.js";
import { decodeUtf8 } from "../files/file-checks.js";
import type { FileMutationsService } from "../../mutation-kit/index.js";
import { canonicalPath } from "../files/canonical-path.js";
import { type Edit, type EditWording, applyEdits } from "./edit-apply.js";
import { prepareEditArguments } from "./edit-args.js";
import { type EditOperations, type FileSystemLookup, localDisk, serviceOperations } from "./file-access.js";

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

/** The unified diff and first changed line, for the UI. */
export type EditDetails = DiffSummary;

export const createEditTool = (mutations: FileMutationsService, files: FileSystemLookup = localDisk) =>
  defineTool<typeof parameters, EditDetails>({
    name: "edit",
    label: "Edit",
    effect: "edit",
    paths: (params) => [params.path],
    description:
      "Edit a file by replacing exact text. Each oldText must match exactly one place in the original file " +
      "(including whitespace); include enough surrounding lines to make it unique. Several non-overlapping " +
      "edits can be made in one call; they are applied together or not at all.",
    promptSnippet: "edit: Make precise replacements in a file (exact oldText -> newText)",
    parameters,
    prepareArguments: prepareEditArguments,
    async execute(_id, params, signal, _onUpdate, ctx) {
      signal.throwIfAborted();
      const path = canonicalPath(ctx.cwd, params.path);
      return mutations.run(path, async () => {
        const ops = serviceOperations(files, signal, "edit");
        const { before, after, firstOffset } = await editPath(ops, path, params.edits, { signal });
        const details = await summariseChange(path, before, after);
        // Without a diff (it timed out), the first replaced span still says where the change is.
        details.firstChangedLine ??= lineAt(before, firstOffset);
        const n = params.edits.length;
        return { content: [{ type: "text", text: `Successfully replaced ${n} block(s) in ${path}.` }], details };
      });
    },
  });

export interface EditPathOptions {
  signal?: AbortSignal;
  /** How the file is named in messages (pi names it as the model wrote it); default `path`. */
  shownPath?: string;
  /** How a refused edit is worded; default the edit tool's own messages. */
  wording?: EditWording;
}

/** The text before (without BOM) and after an edit, and where its first change starts in `before`. */
export interface EditedFile {
  before: string;
  after: string;
  firstOffset: number;
}

/**
 * One edit of the file at (absolute) `path` through `ops`: checked, read, matched (applyEdits: exact,
 * then the fuzzy view), written back with its BOM and line endings, or refused with nothing written.
 * Text that is not UTF-8 is refused: re-encoding it would corrupt the bytes outside the edit.
 */
export async function editPath(ops: EditOperations, path: string, edits: Edit[], options: EditPathOptions = {}): Promise<EditedFile> {
  const { signal, shownPath = path } = options;
  const aborted = () => {
    if (signal?.aborted) throw new Error("Operation aborted");
  };
  aborted();
  await ops.access(path);
  aborted();
  const decoded = decodeUtf8(await ops.readFile(path), shownPath, "edit");
  aborted();
  const bom = decoded.startsWith(BOM) ? BOM : "";
  const before = decoded.slice(bom.length);
  const { text: after, firstOffset } = applyEdits(before, edits, shownPath, options.wording);
  aborted();
  await ops.writeFile(path, bom + after);
  return { before, after, firstOffset };
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line += 1;
  return line;
}
