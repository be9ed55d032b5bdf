// Where a search tool looks: the model's path (default: the cwd) made absolute, and what it is.
import type { Stats } from "node:fs";
import { stat } from "node:fs/promises";
import { canonicalPath } from "../files/canonical-path.js";

export async function searchPath(cwd: string, path: string | undefined, signal: AbortSignal): Promise<{ root: string; info: Stats }> {
  if (signal.aborted) throw new Error("Operation aborted");
  const root = canonicalPath(cwd, path || ".");
  const info = await stat(root).catch(() => {
    throw new Error(`Path not found: ${root}`);
  });
  return { root, info };
}
