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
import { type FlatIndex, NO_PARENT } from "./flat-index.js";
import { keyOf } from "./id-keys.js";
import type { IdTable } from "./id-table.js";

export interface TreeLink {
  id: string;
  parentId: string | null;
  line: number;
}

/**
 * Keeps the nodes that pass, in order, compacting `nodes` in place (a long session's 100,000
 * nodes are not copied into a second array) and returning it; their parentIds are fixed in place.
 * `damaged` maps the ids of lines skipped as malformed (when their id was readable) to their
 * parentId. `seen` ends up mapping each kept id to its node (the session's tree takes it over
 * rather than building it again).
 */
export function checkTree<N extends TreeLink>(
  nodes: N[],
  damaged: ReadonlyMap<string, string | null>,
  problems: ReadProblem[],
  seen = new Map<string, N>(),
): N[] {
  let kept = 0;
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    const before = kept > 0 ? nodes[kept - 1] : undefined;
    const first = seen.get(n.id);
    if (first !== undefined) {
      problems.push({ line: n.line, message: `line ${n.line} repeats the id ${n.id} of line ${first.line}; skipped` });
      continue;
    }
    // The common case: the entry written just before is the parent (kept, so no lookup needed).
    if (n.parentId === null || n.parentId !== before?.id) n.parentId = parentOf(n, before, seen, damaged, problems);
    seen.set(n.id, n);
    nodes[kept++] = n;
  }
  nodes.length = kept;
  return nodes;
}

/** The parent a node keeps or is given (reported): its own if written earlier, else see the top. */
function parentOf<N extends TreeLink>(
  n: N,
  before: N | undefined,
  seen: ReadonlyMap<string, N>,
  damaged: ReadonlyMap<string, string | null>,
  problems: ReadProblem[],
): string | null {
  let parent = n.parentId;
  for (let hops = 0; parent !== null && !seen.has(parent) && damaged.has(parent) && hops < damaged.size; hops++) {
    parent = damaged.get(parent) ?? null;
  }
  if (parent === null || seen.has(parent)) return parent;
  const why = parent === n.parentId ? `its parent ${n.parentId} is not an earlier entry` : `its parent ${n.parentId} is damaged`;
  problems.push({
    line: n.line,
    message: `line ${n.line}: ${why}; attached to ${before ? `the entry before it (line ${before.line})` : "the start of the session"}`,
  });
  return before?.id ?? null;
}

/**
 * The same rules for a file indexed as columns whose ids are all distinct (`table` was built):
 * nothing is skipped, a parent written as the previous line's id is that slot already, and only
 * the slots whose parent was written otherwise (`index.pending`) are looked up and re-attached.
 * Afterwards every index.parents[slot] is a slot or NO_PARENT.
 */
export function resolveParents(
  index: FlatIndex,
  table: IdTable,
  damaged: ReadonlyMap<string, string | null>,
  problems: ReadProblem[],
): void {
  // The slot of an id written before `slot`, or -1.
  const earlier = (id: string, slot: number): number => {
    const found = table.find(keyOf(id));
    return found >= 0 && found < slot && index.idAt(found) === id ? found : -1;
  };
  for (const [slot, written] of index.pending) {
    let parent: string | null = written;
    for (let hops = 0; parent !== null && earlier(parent, slot) < 0 && damaged.has(parent) && hops < damaged.size; hops++) {
      parent = damaged.get(parent) ?? null;
    }
    let at = parent === null ? NO_PARENT : earlier(parent, slot);
    if (parent !== null && at < 0) {
      const why = parent === written ? `its parent ${written} is not an earlier entry` : `its parent ${written} is damaged`;
      const line = index.lineAt(slot);
      const before = slot > 0 ? `the entry before it (line ${index.lineAt(slot - 1)})` : "the start of the session";
      problems.push({ line, message: `line ${line}: ${why}; attached to ${before}` });
      at = slot - 1;
    }
    index.parents[slot] = at;
    const node = index.objs[slot];
    if (node) node.parentId = at === NO_PARENT ? null : index.idAt(at);
  }
  index.pending.clear();
  index.extendChain();
}
