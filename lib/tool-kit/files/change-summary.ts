// The unified diff shown to the user after an edit (by edit or hashline_edit), and the first line it changed (so a UI can
// jump there). The diff library is loaded on first use to keep start-up free of it.

export interface DiffSummary {
  diff: string;
  /** 1-based line in the new file where the first change is. */
  firstChangedLine: number | undefined;
}

// Large rewrites of large files can make line diffing slow; past this the diff is skipped.
const DIFF_TIMEOUT_MS = 2000;
const CONTEXT = 4;

export async function summariseChange(path: string, before: string, after: string): Promise<DiffSummary> {
  const { structuredPatch, formatPatch, FILE_HEADERS_ONLY } = await import("diff");
  const lf = (text: string) => text.replace(/\r\n/g, "\n");
  // Diff only the changed region (plus context): an edit in a 10 MB file then costs what the
  // change costs, not a line diff of the whole file. Hunk positions are shifted back afterwards.
  const region = changedRegion(lf(before), lf(after), CONTEXT);
  const patch = structuredPatch(path, path, region.before, region.after, undefined, undefined, {
    context: CONTEXT,
    timeout: DIFF_TIMEOUT_MS,
  });
  if (!patch) return { diff: "", firstChangedLine: undefined };
  for (const hunk of patch.hunks) {
    hunk.oldStart += region.skipped;
    hunk.newStart += region.skipped;
  }
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

/**
 * The texts without their common leading and trailing lines, keeping `context` lines of each.
 * Works on character offsets (no line arrays), so a 10 MB file costs two linear scans.
 */
function changedRegion(a: string, b: string, context: number): { before: string; after: string; skipped: number } {
  const max = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix += 1;
  let suffix = 0;
  while (suffix < max - prefix && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix)) suffix += 1;
  // Start at the beginning of the first differing line (a line start in both texts), minus context.
  let start = a.lastIndexOf("\n", prefix - 1) + 1;
  for (let k = 0; k < context && start > 0; k++) start = a.lastIndexOf("\n", start - 2) + 1;
  // End after the first line break inside the common suffix (so both cuts are line starts), plus context.
  let end = a.indexOf("\n", a.length - suffix);
  end = end === -1 ? a.length : end + 1;
  for (let k = 0; k < context && end < a.length; k++) {
    const nl = a.indexOf("\n", end);
    end = nl === -1 ? a.length : nl + 1;
  }
  let skipped = 0;
  for (let i = a.indexOf("\n"); i !== -1 && i < start; i = a.indexOf("\n", i + 1)) skipped += 1;
  return { before: a.slice(start, end), after: b.slice(start, b.length - (a.length - end)), skipped };
}
