// Turning what the user typed (-c, --session <path|id-prefix>, --fork <path|id>) into a file.
import { existsSync, statSync } from "node:fs";
import { basename, resolve } from "node:path";
import type { SessionInfo } from "../../../contracts/sessions.js";
import { listAllSessions, listSessions } from "./list.js";

export interface FindOptions {
  cwd: string;
  dir: string;
  root: string;
}

export function mostRecent(dir: string): SessionInfo | undefined {
  return listSessions(dir)[0];
}

/** A path to an existing file, or a session id (prefix) searched here first, then in every project. */
export function findSession(arg: string, o: FindOptions): { path?: string; error?: string } {
  const asPath = resolve(o.cwd, arg);
  if ((arg.includes("/") || arg.endsWith(".jsonl")) && existsSync(asPath) && statSync(asPath).isFile()) return { path: asPath };
  const match = (list: SessionInfo[]) => list.filter((s) => s.id.startsWith(arg) || basename(s.path).includes(`_${arg}`));
  let found = match(listSessions(o.dir));
  if (found.length === 0) found = match(listAllSessions(o.root));
  if (found.length === 1) return { path: found[0].path };
  if (found.length > 1) {
    const ids = found
      .slice(0, 5)
      .map((s) => s.id)
      .join(", ");
    return { error: `"${arg}" matches ${found.length} sessions (${ids}${found.length > 5 ? ", ..." : ""}); give more of the id` };
  }
  return { error: `No session file or id matching "${arg}" (looked in ${o.dir} and ${o.root})` };
}
