// Session listings for pickers, -c and --session: each file's header and first user message come
// from its first 64 KB and its name from its last 64 KB, so listing never parses whole files.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { textOf } from "../../../lib/session-kit/index.js";
import type { SessionInfo } from "../../../contracts/sessions.js";
import { readAt } from "./lines.js";

const SLICE = 64 * 1024;

/** Sessions in one folder, most recently modified first; files that are not sessions are skipped. */
export function listSessions(dir: string): SessionInfo[] {
  if (!existsSync(dir)) return [];
  const out: SessionInfo[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".jsonl")) continue;
    const info = sessionInfo(join(dir, name));
    if (info) out.push(info);
  }
  return out.sort((a, b) => b.modified.getTime() - a.modified.getTime());
}

/** Every project's sessions under the sessions root (the `--<cwd>--` folders). */
export function listAllSessions(root: string): SessionInfo[] {
  if (!existsSync(root)) return [];
  const out: SessionInfo[] = [];
  for (const d of readdirSync(root, { withFileTypes: true })) if (d.isDirectory()) out.push(...listSessions(join(root, d.name)));
  return out.sort((a, b) => b.modified.getTime() - a.modified.getTime());
}

export function sessionInfo(path: string): SessionInfo | undefined {
  try {
    const st = statSync(path);
    if (!st.isFile()) return undefined;
    const head = readAt(path, 0, Math.min(SLICE, st.size));
    const lines = head.split("\n");
    if (st.size > SLICE) lines.pop(); // the last one may be cut
    const header = parse(lines[0]);
    if (header?.type !== "session" || typeof header.id !== "string") return undefined;
    let firstMessage = "";
    for (const line of lines.slice(1)) {
      const e = parse(line);
      const m = e?.message as { role?: string; content?: unknown } | undefined;
      if (e?.type === "message" && m?.role === "user") {
        firstMessage = textOf(m.content);
        break;
      }
    }
    const tail = st.size > SLICE ? readAt(path, st.size - SLICE, SLICE) : head;
    return {
      path,
      id: header.id as string,
      cwd: String(header.cwd ?? ""),
      name: lastName(tail),
      parentSessionPath: typeof header.parentSession === "string" ? header.parentSession : undefined,
      created: new Date(String(header.timestamp)),
      modified: st.mtime,
      firstMessage,
      size: st.size,
    };
  } catch {
    return undefined;
  }
}

function lastName(tail: string): string | undefined {
  const lines = tail.split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    if (!lines[i].includes('"session_info"')) continue;
    const e = parse(lines[i]);
    if (e?.type === "session_info") return typeof e.name === "string" && e.name.trim() ? e.name.trim() : undefined;
  }
  return undefined;
}

function parse(line: string | undefined): Record<string, unknown> | undefined {
  if (!line?.trim()) return undefined;
  try {
    const v = JSON.parse(line) as unknown;
    return v && typeof v === "object" ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
