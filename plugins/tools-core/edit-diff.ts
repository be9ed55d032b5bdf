// The unified diff shown to the user after an edit, and the first line it changed (so a UI can
// jump there). The diff library is loaded on first use to keep start-up free of it.

export interface DiffSummary {
  diff: string;
  /** 1-based line in the new file where the first change is. */
  firstChangedLine: number | undefined;
}

// Large rewrites of large files can make line diffing slow; past this the diff is skipped.
const DIFF_TIMEOUT_MS = 2000;

export async function summariseChange(path: string, before: string, after: string): Promise<DiffSummary> {
  const { structuredPatch, formatPatch, FILE_HEADERS_ONLY } = await import("diff");
  const lf = (text: string) => text.replace(/\r\n/g, "\n");
  const patch = structuredPatch(path, path, lf(before), lf(after), undefined, undefined, { context: 4, timeout: DIFF_TIMEOUT_MS });
  if (!patch) return { diff: "", firstChangedLine: undefined };
  return { diff: formatPatch(patch, FILE_HEADERS_ONLY), firstChangedLine: firstChange(patch.hunks[0]) };
}

function firstChange(hunk: { newStart: number; lines: string[] } | undefined): number | undefined {
  if (!hunk) return undefined;
  let line = hunk.newStart;
  for (const text of hunk.lines) {
    if (text.startsWith("+") || text.startsWith("-")) return line;
    if (text.startsWith(" ")) line += 1;
  }
  return undefined;
}
