// Session ids as people type them: the shortest prefix that tells one session from every other
// (never shorter than `min`, so labels line up), and the sessions a typed prefix could mean.
// Two uuid-v7 ids made in the same millisecond share their first 12 hex digits, so a fixed
// 8-character label is not an id anyone can type back.

/** For each id, its shortest prefix of at least `min` characters that no other id starts with. */
export function uniquePrefixes(ids: readonly string[], min = 8): string[] {
  const sorted = [...new Set(ids)].sort();
  const shared = new Map<string, number>();
  // In sorted order an id shares its longest common prefix with one of its neighbours.
  sorted.forEach((id, i) => {
    const before = i > 0 ? common(id, sorted[i - 1]) : 0;
    const after = i < sorted.length - 1 ? common(id, sorted[i + 1]) : 0;
    shared.set(id, Math.max(before, after));
  });
  return ids.map((id) => id.slice(0, Math.max(min, (shared.get(id) ?? 0) + 1)));
}

function common(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}
