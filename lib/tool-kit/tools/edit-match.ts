// Finding where one oldText sits in the original file: exactly (modulo CRLF) first, then through
// the fuzzy view. Either way the answer is a span of the ORIGINAL text.
import { buildView, normalise, originalSpan, type TextView } from "./text-view.js";

export type MatchResult = { found: true; start: number; end: number; fuzzy: boolean } | { found: false; count: number }; // 0: nowhere; more than 1: ambiguous

/** Both views of one file, the fuzzy one built only if some edit needs it. */
export class FileViews {
  readonly exact: TextView;
  private fuzzyView?: TextView;
  constructor(readonly original: string) {
    this.exact = buildView(original, false);
  }
  get fuzzy(): TextView {
    this.fuzzyView ??= buildView(this.original, true);
    return this.fuzzyView;
  }
}

export function locate(views: FileViews, oldText: string): MatchResult {
  const exactNeedle = normalise(oldText, false);
  const exact = search(views.exact, exactNeedle);
  if (exact.count !== 0) return toResult(views.exact, exact, exactNeedle.length, false);
  const needle = normalise(oldText, true);
  if (needle.trim() === "") return { found: false, count: 0 }; // whitespace-only would match anywhere
  return toResult(views.fuzzy, search(views.fuzzy, needle), needle.length, true);
}

function toResult(view: TextView, hit: { count: number; at: number }, length: number, fuzzy: boolean): MatchResult {
  if (hit.count !== 1) return { found: false, count: hit.count };
  return { found: true, ...originalSpan(view, hit.at, hit.at + length), fuzzy };
}

/** Counts occurrences, overlapping ones included: "aa" in "aaa" is ambiguous. */
function search(view: TextView, needle: string): { count: number; at: number } {
  let count = 0;
  let at = -1;
  for (let i = view.text.indexOf(needle); i !== -1; i = view.text.indexOf(needle, i + 1)) {
    if (count === 0) at = i;
    count += 1;
  }
  return { count, at };
}
