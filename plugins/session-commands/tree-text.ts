// The session tree as lines of text, for /tree without a UI and for the UI's picker: depth-first,
// indented only where the conversation branches, the active path marked, labels shown.
import type { TreeNode } from "../../contracts/sessions.js";

export interface TreeLine {
  id: string;
  text: string;
  onPath: boolean;
  node: TreeNode;
}

const SHOWN = new Set(["message", "compaction", "branch_summary", "custom_message"]);

export function describe(n: TreeNode): string {
  if (n.type === "message") {
    if (n.role === "user") return `user: ${(n.preview ?? "").replace(/\s+/g, " ").slice(0, 70)}`;
    return n.role === "toolResult" ? "tool result" : (n.role ?? "message");
  }
  return n.type.replace("_", " ");
}

export function treeLines(roots: TreeNode[], path: Set<string>, leafId: string | null): TreeLine[] {
  const out: TreeLine[] = [];
  const walk = (nodes: TreeNode[], depth: number) => {
    const branching = nodes.length > 1;
    for (const n of nodes) {
      const d = branching ? depth + 1 : depth;
      if (SHOWN.has(n.type)) {
        const onPath = path.has(n.id);
        const label = n.label ? ` [${n.label}]` : "";
        const leaf = n.id === leafId ? "  ← you are here" : "";
        out.push({ id: n.id, onPath, node: n, text: `${onPath ? "*" : " "} ${"  ".repeat(d)}${n.id} ${describe(n)}${label}${leaf}` });
      }
      walk(n.children, d);
    }
  };
  walk(roots, 0);
  return out;
}

export function flatten(roots: TreeNode[]): TreeNode[] {
  const out: TreeNode[] = [];
  const stack = [...roots].reverse();
  while (stack.length) {
    const n = stack.pop()!;
    out.push(n);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return out;
}

/** An entry id from a (unique) prefix. */
export function findEntry(roots: TreeNode[], prefix: string): TreeNode {
  const matches = flatten(roots).filter((n) => n.id.startsWith(prefix));
  if (matches.length === 1) return matches[0];
  throw new Error(
    matches.length
      ? `"${prefix}" matches ${matches.length} entries; give more of the id`
      : `no entry "${prefix}" in this session (/tree lists them)`,
  );
}
