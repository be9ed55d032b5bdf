// pi-tui's fuzzy matching: every query character in order; a lower score is a better match
// (consecutive runs, word starts and early matches score lower). fuzzyFilter takes
// whitespace/slash-separated tokens that must all match, best first.

export interface FuzzyMatch {
  matches: boolean;
  score: number;
}

const BOUNDARY = /[\s\-_./:]/;

function scoreQuery(query: string, text: string): FuzzyMatch {
  if (!query.length) return { matches: true, score: 0 };
  if (query.length > text.length) return { matches: false, score: 0 };
  let score = 0;
  let last = -1;
  let run = 0;
  for (const char of query) {
    const i = text.indexOf(char, last + 1);
    if (i === -1) return { matches: false, score: 0 };
    if (last === i - 1) score -= ++run * 5;
    else {
      run = 0;
      if (last >= 0) score += (i - last - 1) * 2;
    }
    if (i === 0 || BOUNDARY.test(text[i - 1])) score -= 10;
    score += i * 0.1;
    last = i;
  }
  return { matches: true, score: query === text ? score - 100 : score };
}

export function fuzzyMatch(query: string, text: string): FuzzyMatch {
  const q = query.toLowerCase();
  const t = text.toLowerCase();
  const primary = scoreQuery(q, t);
  if (primary.matches) return primary;
  // "v2" also finds "2v"-style names (and the reverse), ranked a little lower.
  const swap = q.match(/^([a-z]+)([0-9]+)$/) ?? q.match(/^([0-9]+)([a-z]+)$/);
  if (!swap) return primary;
  const swapped = scoreQuery(swap[2] + swap[1], t);
  return swapped.matches ? { matches: true, score: swapped.score + 5 } : primary;
}

export function fuzzyFilter<T>(items: T[], query: string, getText: (item: T) => string): T[] {
  const tokens = query
    .trim()
    .split(/[\s/]+/)
    .filter(Boolean);
  if (!tokens.length) return items;
  const scored: { item: T; score: number }[] = [];
  for (const item of items) {
    const text = getText(item);
    let score = 0;
    const all = tokens.every((token) => {
      const m = fuzzyMatch(token, text);
      score += m.score;
      return m.matches;
    });
    if (all) scored.push({ item, score });
  }
  return scored.sort((a, b) => a.score - b.score).map((s) => s.item);
}
