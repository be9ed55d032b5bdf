// Resource paths other plugins add at run time (pi extensions' resources_discover), kept per
// owner so adding again replaces that owner's paths and the removal takes back only its own.
// Relative paths are resolved against the cwd the owner gave.
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

/** The part of a skills / prompts / themes service that takes such paths. */
export type { AddsPaths } from "../../../contracts/resources.js";
import type { AddsPaths } from "../../../contracts/resources.js";

export class AddedPaths implements AddsPaths {
  private readonly byOwner = new Map<string, string[]>();

  /** `changed` runs after every addition or removal (to rebuild an index). */
  constructor(
    private readonly cwd: string,
    private readonly changed: () => void,
  ) {}

  addPaths(paths: string[], owner: string): () => void {
    const list = paths.filter((p) => typeof p === "string" && p.length > 0).map((p) => resolve(this.cwd, p));
    this.byOwner.set(owner, list);
    this.changed();
    return () => {
      if (this.byOwner.get(owner) !== list) return;
      this.byOwner.delete(owner);
      this.changed();
    };
  }

  /** Every added path, in the order owners added them, without repeats. */
  list(): string[] {
    return [...new Set([...this.byOwner.values()].flat())];
  }
}

/** The files `paths` name: a file as is, a directory's files ending in `ext` (sorted); missing ones are skipped. */
export function filesOf(paths: string[], ext: string): string[] {
  return paths.flatMap((p) => {
    try {
      if (!statSync(p).isDirectory()) return [p];
      return readdirSync(p)
        .filter((n) => n.endsWith(ext))
        .sort()
        .map((n) => join(p, n));
    } catch {
      return [];
    }
  });
}
