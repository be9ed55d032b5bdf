// The gitignore-aware directory walk (walk-tree.ts) behind the built-in grep and find engines.
// Loaded on first use: it brings the `ignore` library, which a run with rg and fd never needs,
// and this toolkit's index is on every agent's start-up path.
import type { WalkEntry } from "./walk-tree.js";

export type { WalkEntry } from "./walk-tree.js";

export async function* walk(root: string, signal?: AbortSignal): AsyncGenerator<WalkEntry> {
  yield* (await import("./walk-tree.js")).walkTree(root, signal);
}
