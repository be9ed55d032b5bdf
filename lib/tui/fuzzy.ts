// Fuzzy matching for pickers and @file completion: the query's characters must appear in order;
// runs of consecutive matches and matches at word or path-segment starts score higher, and
// shorter candidates win ties.

export function fuzzyScore(query: string, candidate: string): number | undefined {
  if (!query) return 0;
  const q = query.toLowerCase();
  const c = candidate.toLowerCase();
  let score = 0;
  let qi = 0;
  let prev = -2;
  for (let ci = 0; ci < c.length && qi < q.length; ci++) {
    if (c[ci] !== q[qi]) continue;
    let s = 1;
    if (ci === prev + 1) s += 5;
    const before = ci === 0 ? "/" : c[ci - 1];
    if ("/-_. ".includes(before)) s += 4;
    score += s;
    prev = ci;
    qi++;
  }
  if (qi < q.length) return undefined;
  // A match inside the last path segment (the file name) counts for more.
  const base = c.slice(c.lastIndexOf("/") + 1);
  if (base.includes(q)) score += 10;
  if (base.startsWith(q)) score += 5;
  return score - c.length * 0.01;
}

/** The best `limit` candidates for a query, best first. */
export function fuzzyFilter<T>(query: string, items: T[], text: (item: T) => string, limit = Infinity): T[] {
  const scored: { item: T; score: number }[] = [];
  for (const item of items) {
    const score = fuzzyScore(query, text(item));
    if (score !== undefined) scored.push({ item, score });
  }
  scored.sort((a, b) => b.score - a.score);
  return scored.slice(0, limit).map((s) => s.item);
}
