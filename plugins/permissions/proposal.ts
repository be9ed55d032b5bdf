// What an edit asks to do, as a unified diff for the permission dialog: the change is computed in
// memory from the call's arguments and never written. Read from the arguments' shape, not the tool's
// name: `edits` ({oldText, newText}[]) are applied with the edit tool's own matching (lib/tool-kit's
// applyEdits), `content` is a whole new file. A call the edit tool would refuse, a file too large or
// not a regular file gets no diff: the dialog then asks with its one-line summary alone.
import { readFile, stat } from "node:fs/promises";
import { applyEdits, decodeUtf8, resolveToolPath, summariseChange, type Edit } from "../../lib/tool-kit/index.js";

/** Past this a file is not read for a preview (the diff would not fit a dialog anyway). */
const MAX_PREVIEW_BYTES = 2 * 1024 * 1024;

export async function proposedDiff(paths: string[], args: Record<string, unknown>, cwd: string): Promise<string | undefined> {
  const [first] = paths;
  if (first === undefined || paths.length !== 1) return undefined;
  const path = resolveToolPath(cwd, first);
  try {
    const before = await currentText(path);
    const after = newText(before, args, first);
    if (after === undefined || after === before) return undefined;
    return (await summariseChange(first, before ?? "", after)).diff || undefined;
  } catch {
    return undefined;
  }
}

/** The file's text without a BOM; undefined when it does not exist yet. Special files are never opened. */
async function currentText(path: string): Promise<string | undefined> {
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (!info) return undefined;
  if (!info.isFile() || info.size > MAX_PREVIEW_BYTES) throw new Error("no preview");
  return decodeUtf8(await readFile(path), path, "edit").replace(/^\uFEFF/, "");
}

function newText(before: string | undefined, args: Record<string, unknown>, shown: string): string | undefined {
  if (typeof args.content === "string") return args.content;
  if (before === undefined || !isEdits(args.edits)) return undefined;
  return applyEdits(before, args.edits, shown).text;
}

function isEdits(value: unknown): value is Edit[] {
  return (
    Array.isArray(value) &&
    value.every((e) => typeof e === "object" && e !== null && typeof e.oldText === "string" && typeof e.newText === "string")
  );
}
