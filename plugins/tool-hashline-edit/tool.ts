// The hashline_edit tool: edit a file by the N#HH anchors read shows, instead of by repeating
// old text. Shares the per-file mutation queue with edit and write (the "file-mutations" service it
// is built with), so parallel calls on one file still apply one after another.
import { defineTool, Type } from "pi-kernel";
import {
  type DiffSummary,
  type FileMutationsService,
  readUtf8File,
  resolveToolPath,
  summariseChange,
  writeFileSafely,
} from "../../lib/tool-kit/index.js";
import { applyHashlineEdits, around, type HashlineEdit } from "./apply.js";
import { parseDocument, serialise } from "./document.js";

const parameters = Type.Object({
  path: Type.String({ description: "Path to the file to edit (relative or absolute)" }),
  edits: Type.Array(
    Type.Object(
      {
        op: Type.Union([Type.Literal("replace"), Type.Literal("delete"), Type.Literal("insert_before"), Type.Literal("insert_after")]),
        start: Type.String({ description: "Anchor of the first line, as read shows it: N#HH" }),
        end: Type.Optional(Type.String({ description: "Anchor of the last line of a replace/delete range (default: start)" })),
        text: Type.Optional(Type.String({ description: "New lines for replace/insert_*" })),
      },
      { additionalProperties: false },
    ),
    { minItems: 1, description: "Operations, all anchored to the file as last read; applied together or not at all" },
  ),
});

export const createHashlineEditTool = (mutations: FileMutationsService) =>
  defineTool<typeof parameters, DiffSummary>({
    name: "hashline_edit",
    label: "Hashline edit",
    effect: "edit",
    paths: (params) => [params.path],
    description:
      "Edit a file by line anchors. read shows each line as N#HH:content; pass N#HH as start (and end for a range). " +
      "Ops: replace (start..end with text), delete (start..end), insert_before / insert_after (text at start). " +
      "A changed line's anchor is rejected with the current lines.",
    promptSnippet: "Edit a file by the N#HH line anchors read shows (replace, delete, insert_before, insert_after)",
    promptGuidelines: [
      "read prefixes each line with an N#HH: anchor that is not part of the file; pass anchors to hashline_edit and never copy them into file text",
    ],
    defaultActive: false,
    parameters,
    async execute(_id, params, signal, _onUpdate, ctx) {
      signal.throwIfAborted();
      const path = resolveToolPath(ctx.cwd, params.path);
      return mutations.run(path, async () => {
        const text = await readUtf8File(path, signal, "hashline_edit");
        const doc = parseDocument(text);
        const { lines, firstLine } = applyHashlineEdits(doc.lines, params.edits as HashlineEdit[]);
        const after = serialise({ ...doc, lines, finalNewline: doc.finalNewline || doc.lines.length === 0 });
        if (after === text) throw new Error(`No changes made to ${path}: the edits produce identical content.`);
        signal.throwIfAborted();
        await writeFileSafely(path, after, signal, "hashline_edit");
        const details = await summariseChange(path, text.replace(/^\uFEFF/, ""), after.replace(/^\uFEFF/, ""));
        details.firstChangedLine ??= firstLine;
        const preview = lines.length
          ? `\n\nUpdated lines near line ${firstLine}:\n${around(lines, Math.min(firstLine, lines.length), 3)}`
          : "";
        return { content: [{ type: "text", text: `Applied ${params.edits.length} edit(s) to ${path}.${preview}` }], details };
      });
    },
  });
