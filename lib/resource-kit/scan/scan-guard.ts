// What keeps a resource scan (skills, package resources) finite and inside its project when the
// files come from a stranger's repository. Scans follow symlinks (pi does, and users link skill
// folders in), so a folder linked to its parent, or two folders linked to each other, would be
// walked forever, and synchronously: no SIGTERM handler could run. A guard remembers every folder
// by device and inode, bounds the depth and the number of folders, and, for an untrusted project,
// refuses folders whose real path leaves it.
import { realpathSync, statSync } from "node:fs";
import { relative, sep } from "node:path";

export interface ScanLimits {
  /** Folders below the scan's root (default 16). */
  maxDepth?: number;
  /** Folders in one scan (default 5,000). */
  maxFolders?: number;
  /** A real path folders must stay inside (an untrusted project's root); none: anywhere. */
  confine?: string;
}

export class ScanGuard {
  private readonly seen = new Set<string>();
  private readonly maxDepth: number;
  private readonly maxFolders: number;
  private readonly confine: string | undefined;
  /** What was passed over, in words, for one diagnostic per scan. */
  readonly skipped: string[] = [];

  constructor(limits: ScanLimits = {}) {
    this.maxDepth = limits.maxDepth ?? 16;
    this.maxFolders = limits.maxFolders ?? 5_000;
    this.confine = limits.confine === undefined ? undefined : realOrSelf(limits.confine);
  }

  /** Whether to read the folder at `dir`, `depth` levels below the root. */
  enter(dir: string, depth: number): boolean {
    let key: string;
    try {
      const st = statSync(dir);
      key = `${st.dev}:${st.ino}`;
    } catch {
      return false;
    }
    if (this.seen.has(key)) return false; // a loop, or a second link to a folder already read
    if (depth > this.maxDepth) return this.skip(`${dir}: deeper than ${this.maxDepth} folders`);
    if (this.seen.size >= this.maxFolders) return this.skip(`${dir}: past ${this.maxFolders} folders in one scan`);
    if (!this.allows(dir)) return this.skip(`${dir}: links outside the project, which is not trusted`);
    this.seen.add(key);
    return true;
  }

  /** Whether a file (a link may lead anywhere) may be read: inside the confining folder, if any. */
  allows(path: string): boolean {
    if (this.confine === undefined) return true;
    return isInside(this.confine, realOrSelf(path));
  }

  private skip(why: string): false {
    if (this.skipped.length < 20) this.skipped.push(why);
    return false;
  }
}

export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !rel.startsWith(sep));
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
