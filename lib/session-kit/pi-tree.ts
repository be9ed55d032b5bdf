// pi's SessionManager.getTree(): every entry as a node {entry, children, label?, labelTimestamp?},
// roots first (an entry whose parent is missing counts as a root), children oldest first. RPC
// get_tree and an extension's ctx.sessionManager.getTree() answer with it.
import type { SessionEntry } from "../../contracts/index.js";

export interface PiTreeNode {
  entry: SessionEntry;
  children: PiTreeNode[];
  label?: string;
  labelTimestamp?: string;
}

export function piSessionTree(entries: readonly SessionEntry[]): PiTreeNode[] {
  const labels = new Map<string, { label?: string; timestamp: string }>();
  for (const e of entries) {
    if (e.type !== "label") continue;
    if (e.label) labels.set(e.targetId, { label: e.label, timestamp: e.timestamp });
    else labels.delete(e.targetId);
  }
  const nodes = new Map<string, PiTreeNode>();
  for (const entry of entries) {
    const label = labels.get(entry.id);
    nodes.set(entry.id, { entry, children: [], label: label?.label, labelTimestamp: label?.timestamp });
  }
  const roots: PiTreeNode[] = [];
  for (const entry of entries) {
    const parent = entry.parentId === null || entry.parentId === entry.id ? undefined : nodes.get(entry.parentId);
    (parent ? parent.children : roots).push(nodes.get(entry.id)!);
  }
  const time = (n: PiTreeNode) => new Date(n.entry.timestamp).getTime();
  for (const node of nodes.values()) node.children.sort((a, b) => time(a) - time(b));
  return roots;
}
