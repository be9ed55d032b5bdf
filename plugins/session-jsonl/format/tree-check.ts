// The tree rules a loaded file must satisfy, applied to the index in file order: ids are unique
// (a later line repeating an id is skipped: the entries written before it could only mean the
// first, and a write retried twice loses nothing), and every parent is an entry written earlier
// (pi only appends under existing entries, so this also rules out cycles). An entry whose parent
// was a damaged line hangs from that line's own parent (its nearest good ancestor); one whose
// parent is unknown or later in the file hangs from the good entry written just before it, since
// a conversation is appended in order: that keeps everything before it on the path instead of
// starting a new root that would drop the history. Re-attachments change the index only, never
// the file.
import type { ReadProblem } from "../../../contracts/session-entries.js";

export interface TreeLink {
  id: string;
  parentId: string | null;
  line: number;
}

/**
 * Returns the nodes to keep, their parentIds fixed in place. `damaged` maps the ids of lines
 * skipped as malformed (when their id was readable) to their parentId. `seen` ends up mapping
 * each kept id to its node (the session's tree takes it over rather than building it again).
 */
export function checkTree<N extends TreeLink>(
  nodes: N[],
  damaged: ReadonlyMap<string, string | null>,
  problems: ReadProblem[],
  seen = new Map<string, N>(),
): N[] {
  const kept: N[] = [];
  for (const n of nodes) {
    const first = seen.get(n.id);
    if (first) {
      problems.push({ line: n.line, message: `line ${n.line} repeats the id ${n.id} of line ${first.line}; skipped` });
      continue;
    }
    // The common case: the entry written just before is the parent (kept, so no lookup needed).
    if (n.parentId !== null && n.parentId === kept.at(-1)?.id) {
      seen.set(n.id, n);
      kept.push(n);
      continue;
    }
    let parent = n.parentId;
    for (let hops = 0; parent !== null && !seen.has(parent) && damaged.has(parent) && hops < damaged.size; hops++) {
      parent = damaged.get(parent) ?? null;
    }
    if (parent !== null && !seen.has(parent)) {
      const before = kept.at(-1);
      const why = parent === n.parentId ? `its parent ${n.parentId} is not an earlier entry` : `its parent ${n.parentId} is damaged`;
      problems.push({
        line: n.line,
        message: `line ${n.line}: ${why}; attached to ${before ? `the entry before it (line ${before.line})` : "the start of the session"}`,
      });
      parent = before?.id ?? null;
    }
    n.parentId = parent;
    seen.set(n.id, n);
    kept.push(n);
  }
  return kept;
}
