// `lsp_rename`: renames a symbol everywhere the language server finds it. It changes files, so it
// declares effect "edit" with the file it starts from: the permission modes, ACP and checkpoints
// treat it as the edit tool (a turn's snapshot is taken before it runs). The server only proposes
// the edits; they are applied here the way the edit tool applies its own, one file at a time
// through the "file-mutations" queue and the "file-system" service when it serves (ACP's editor
// buffers). Edits outside the working directory, and file creations, renames or deletions, are
// refused whole, before anything is written: the gate judged a change inside the workspace.
import { fileURLToPath } from "node:url";
import { type PluginApi, type ToolDef, Type } from "pi-kernel";
import type { TextEdit, WorkspaceEdit } from "vscode-languageserver-protocol";
import type { FileMutationsService } from "../../contracts/file-mutations.js";
import { canonicalPath, isInside, serviceOperations } from "../../lib/tool-kit/index.js";
import { type Files, syncFile, uriOf } from "./documents.js";
import { openAt, REQUEST_MS } from "./open-at.js";
import type { ServerPool } from "./pool.js";
import { applyTextEdits } from "./text-positions.js";

const parameters = Type.Object({
  path: Type.String({ description: "A file where the symbol occurs" }),
  line: Type.Optional(Type.Integer({ minimum: 1, description: "1-based line where the symbol is" })),
  symbol: Type.String({ description: "The symbol's current name (on that line)" }),
  newName: Type.String({ minLength: 1, description: "The new name" }),
});

export function renameTool(
  api: PluginApi,
  pool: ServerPool,
  files: Files,
  mutations: () => FileMutationsService,
): ToolDef<typeof parameters> {
  return {
    name: "lsp_rename",
    label: "LSP rename",
    effect: "edit",
    paths: (p) => [p.path],
    description:
      "Rename a symbol (variable, function, class, ...) and every reference to it across the project, through the language server.",
    parameters,
    async execute(_id, p, signal) {
      const at = await openAt(api, pool, files, p.path, p, signal);
      const edit = await at.client.request<WorkspaceEdit | null>(
        "textDocument/rename",
        { textDocument: { uri: at.uri }, position: at.position, newName: p.newName },
        REQUEST_MS,
        signal,
      );
      const byFile = fileEdits(edit, api.cwd);
      if (byFile.size === 0) throw new Error(`the language server proposes no edits for renaming "${p.symbol}"`);
      const done: string[] = [];
      for (const [path, edits] of byFile) {
        await mutations().run(path, async () => {
          const ops = serviceOperations(files, signal, "lsp_rename");
          const raw = (await ops.readFile(path)).toString("utf8");
          const bom = raw.startsWith("\uFEFF") ? "\uFEFF" : "";
          await ops.writeFile(path, bom + applyTextEdits(raw.slice(bom.length), edits));
        });
        done.push(`  ${pool.shownPath(path)} (${edits.length})`);
        // The server's open copy follows, so the next question sees the renamed code.
        const entry = pool.forFile(path);
        if (entry?.client?.docs.has(uriOf(path))) await syncFile(entry.client, entry.config, path, files);
      }
      const count = [...byFile.values()].reduce((n, e) => n + e.length, 0);
      return {
        content: [
          {
            type: "text",
            text: `Renamed "${p.symbol}" to "${p.newName}": ${count} edit(s) in ${byFile.size} file(s):\n${done.join("\n")}`,
          },
        ],
        details: { files: [...byFile.keys()] },
      };
    },
  };
}

/** The edits per file (absolute path), or an error naming what cannot be applied. */
function fileEdits(edit: WorkspaceEdit | null, cwd: string): Map<string, TextEdit[]> {
  const out = new Map<string, TextEdit[]>();
  const root = canonicalPath(cwd, ".");
  const add = (uri: string, edits: TextEdit[]) => {
    const path = canonicalPath(cwd, fileURLToPath(uri));
    if (!isInside(root, path)) throw new Error(`the rename would change ${path}, outside the working directory; nothing was changed`);
    out.set(path, [...(out.get(path) ?? []), ...edits]);
  };
  for (const change of edit?.documentChanges ?? []) {
    if (!("textDocument" in change)) throw new Error(`the rename needs a file ${change.kind}; nothing was changed`);
    add(change.textDocument.uri, change.edits as TextEdit[]);
  }
  for (const [uri, edits] of Object.entries(edit?.changes ?? {})) add(uri, edits);
  return out;
}
