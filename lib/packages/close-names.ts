// "Did you mean" for package names in a composition: names that contain the typed one (people
// leave out the scope, "tools-core" for "@pi-kernel/tools-core"), then those within a few typing
// mistakes of it, compared without their scopes.
export function closeNames(typed: string, names: string[], max = 3): string[] {
  const t = unscoped(typed).toLowerCase();
  const ranked = names
    .map((name) => {
      const n = unscoped(name).toLowerCase();
      return { name, rank: n === t || n.includes(t) || t.includes(n) ? 0 : edits(t, n) };
    })
    .filter((r) => r.rank <= Math.max(2, Math.floor(t.length / 3)));
  return ranked
    .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name))
    .slice(0, max)
    .map((r) => r.name);
}

function unscoped(name: string): string {
  return name.replace(/^@[^/]+\//, "");
}

/** Levenshtein distance, one row at a time. */
function edits(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (const [i, ca] of [...a].entries()) {
    const next = [i + 1];
    for (const [j, cb] of [...b].entries()) next.push(Math.min(row[j + 1]! + 1, next[j]! + 1, row[j]! + (ca === cb ? 0 : 1)));
    row = next;
  }
  return row[b.length]!;
}
