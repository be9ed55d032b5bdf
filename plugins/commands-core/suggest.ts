// "Did you mean": the closest command names to a mistyped one. Prefix and substring matches rank
// first (people type the start of a name), then optimal-string-alignment edit distance, which
// counts a swap of two neighbouring letters as one typo.
export function suggest(typed: string, names: string[], max = 3): string[] {
  const t = typed.toLowerCase();
  const scored = names.map((name) => ({ name, score: score(t, name.toLowerCase()) }));
  return scored
    .filter((s) => s.score <= limit(t))
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, max)
    .map((s) => s.name);
}

function score(typed: string, name: string): number {
  if (name.startsWith(typed) || typed.startsWith(name)) return 0;
  if (name.includes(typed)) return 0.5;
  // "skill:pfd" vs "skill:pdf": compare the part after a shared namespace on its own too.
  const local = name.includes(":") && typed.includes(":") ? distance(typed.split(":").pop()!, name.split(":").pop()!) : Infinity;
  return Math.min(distance(typed, name), local);
}

/** Up to a third of the typed length may be wrong, at least 2 edits (short names). */
function limit(typed: string): number {
  return Math.max(2, Math.floor(typed.length / 3));
}

export function distance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
