// The find tool: paths matching a glob (fd when installed, else the built-in walk), relative to
// the searched directory, respecting .gitignore, bounded by a result count and 50 KB.
import { defineTool, Type } from "pi-kernel";
import { MAX_BYTES } from "../output/limits.js";
import { fdFor } from "./backend.js";
import { findWithFd } from "./find-fd.js";
import { byPath, bytesNotice, headBytes, withNotices } from "./output.js";
import { searchPath } from "./search-path.js";

const DEFAULT_LIMIT = 1000;

const parameters = Type.Object({
  pattern: Type.String({ description: "Glob pattern to match files, e.g. '*.ts', '**/*.json', or 'src/**/*.spec.ts'" }),
  path: Type.Optional(Type.String({ description: "Directory to search in (default: current directory)" })),
  limit: Type.Optional(Type.Number({ description: `Maximum number of results (default: ${DEFAULT_LIMIT})` })),
});

export interface FindDetails {
  resultLimitReached?: number;
  truncated?: boolean;
  engine: "fd" | "builtin";
}

export const findTool = defineTool<typeof parameters, FindDetails>({
  name: "find",
  label: "find",
  description:
    `Search for files by glob pattern. Returns matching file paths relative to the search directory. Respects .gitignore. ` +
    `Output is truncated to ${DEFAULT_LIMIT} results or ${MAX_BYTES / 1024}KB (whichever is hit first).`,
  promptSnippet: "Find files by glob pattern (respects .gitignore)",
  defaultActive: false,
  parameters,
  async execute(_id, params, signal, _onUpdate, ctx) {
    const { root, info } = await searchPath(ctx.cwd, params.path, signal);
    if (!info.isDirectory()) throw new Error(`Not a directory: ${root}. find searches a directory; use read for a file.`);
    const limit = Math.max(1, Math.floor(params.limit ?? DEFAULT_LIMIT));
    const fd = fdFor(root);
    // The built-in engine (and its glob and gitignore libraries) loads only when fd is missing.
    const found = fd
      ? await findWithFd(fd, root, params.pattern, limit, signal)
      : await (await import("./find-builtin.js")).findBuiltin(root, params.pattern, limit, signal);
    const engine = fd ? "fd" : "builtin";
    if (found.paths.length === 0) return { content: [{ type: "text", text: "No files found matching pattern" }], details: { engine } };
    const bounded = headBytes([...found.paths].sort(byPath));
    const details: FindDetails = { engine };
    const notices: string[] = [];
    if (found.limitReached) {
      notices.push(`${limit} results limit reached. Use limit=${limit * 2} for more, or refine pattern`);
      details.resultLimitReached = limit;
    }
    if (bounded.truncated) {
      notices.push(bytesNotice());
      details.truncated = true;
    }
    return { content: [{ type: "text", text: withNotices(bounded.text, notices) }], details };
  },
});
