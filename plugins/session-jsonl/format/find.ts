// Turning what the user typed (-c, --session <path|id-prefix>, --fork <path|id>) into a file.
import { statSync } from "node:fs";
import { basename, resolve } from "node:path";
import type { SessionInfo } from "../../../contracts/sessions.js";
import { nonRegularKind } from "../../../lib/tool-kit/index.js";
import { listAllSessions, listSessions } from "./list.js";
import { NotASessionError } from "./read.js";

export interface FindOptions {
  cwd: string;
  dir: string;
  root: string;
}

export function mostRecent(dir: string): SessionInfo | undefined {
  return listSessions(dir)[0];
}

/** A path to an existing file, or a session id (prefix) searched here first, then in every project. */
export function findSession(arg: string, o: FindOptions): { path?: string; error?: string; ambiguous?: boolean } {
  const asPath = resolve(o.cwd, arg);
  if (looksLikePath(arg)) {
    const info = statSync(asPath, { throwIfNoEntry: false });
    // A FIFO, device or folder is never opened: opening a FIFO waits for a writer (past SIGTERM),
    // and taking the name for a new session would write into it.
    const special = info && nonRegularKind(info);
    if (special) throw new NotASessionError(asPath, `it is ${special}, not a regular file`);
    if (info) return { path: asPath };
  }
  const match = (list: SessionInfo[]) => list.filter((s) => s.id.startsWith(arg) || basename(s.path).includes(`_${arg}`));
  let found = match(listSessions(o.dir));
  if (found.length === 0) found = match(listAllSessions(o.root));
  if (found.length === 1) return { path: found[0].path };
  if (found.length > 1) {
    const ids = found.slice(0, 10).map((s) => `  ${s.id}  ${s.path}`);
    if (found.length > 10) ids.push(`  ... and ${found.length - 10} more`);
    return { ambiguous: true, error: `"${arg}" matches ${found.length} sessions; give more of the id:\n${ids.join("\n")}` };
  }
  return { error: `No session file or id matching "${arg}" (looked in ${o.dir} and ${o.root})` };
}

/** A --session or --fork argument that names a file rather than an id. */
export function looksLikePath(arg: string): boolean {
  return arg.includes("/") || arg.endsWith(".jsonl");
}
