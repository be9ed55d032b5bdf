// The file walk behind find and grep: depth first in name order, hidden files included, .git
// skipped, .gitignore/.ignore files honoured at every level (lib/resource-kit's rules),
// symlinks never followed.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import ignore from "ignore";
import { addIgnoreRules, relPosix } from "../../../../../lib/resource-kit/index.js";

export async function* walkFiles(root: string, signal?: AbortSignal): AsyncGenerator<{ path: string; rel: string }> {
  const rules = ignore();
  const stack = [root];
  while (stack.length) {
    if (signal?.aborted) throw new Error("Operation aborted");
    const dir = stack.pop()!;
    let entries: import("node:fs").Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    addIgnoreRules(
      rules,
      dir,
      root,
      entries.map((e) => e.name),
    );
    const subdirs: string[] = [];
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === ".git") continue;
      const path = join(dir, entry.name);
      const rel = relPosix(root, path);
      if (rules.ignores(entry.isDirectory() ? `${rel}/` : rel)) continue;
      if (entry.isDirectory()) subdirs.push(path);
      else if (entry.isFile()) yield { path, rel };
    }
    stack.push(...subdirs.reverse());
  }
}
