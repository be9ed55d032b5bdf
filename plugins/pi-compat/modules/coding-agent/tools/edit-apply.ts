// Applying pi's edits[] to a file's text: every oldText is matched against the original (not
// after earlier edits), must be unique and must not overlap another. When an exact match fails,
// a fuzzy one is tried (trailing spaces, smart quotes, Unicode dashes and spaces folded), and only
// the lines it covers are rewritten, so the rest of the file keeps its bytes.

export interface Edit {
  oldText: string;
  newText: string;
}
interface Span {
  index: number;
  start: number;
  end: number;
  replacement: string;
}

const lf = (t: string) => t.replace(/\r\n?/g, "\n");

function foldLine(line: string): string {
  return line
    .normalize("NFKC")
    .trimEnd()
    .replace(/[\u2018\u2019\u201A\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g, " ");
}
const fold = (t: string) => t.split("\n").map(foldLine).join("\n");
const count = (hay: string, needle: string) => hay.split(needle).length - 1;

function which(path: string, i: number, total: number, one: string, many: string): Error {
  return new Error(total === 1 ? one : many.replace("#", `edits[${i}]`).replace("PATH", path));
}

function locate(content: string, edit: Edit, i: number, total: number, path: string): Span {
  const exact = content.indexOf(edit.oldText);
  const folded = fold(content);
  const needle = fold(edit.oldText);
  const occurrences = exact !== -1 ? count(content, edit.oldText) : count(folded, needle);
  if (exact === -1 && occurrences === 0) {
    throw which(
      path,
      i,
      total,
      `Could not find the exact text in ${path}. The old text must match exactly including all whitespace and newlines.`,
      "Could not find # in PATH. The oldText must match exactly including all whitespace and newlines.",
    );
  }
  if (occurrences > 1) {
    throw which(
      path,
      i,
      total,
      `Found ${occurrences} occurrences of the text in ${path}. The text must be unique. Please provide more context to make it unique.`,
      `Found ${occurrences} occurrences of # in PATH. Each oldText must be unique. Please provide more context to make it unique.`,
    );
  }
  if (exact !== -1) return { index: i, start: exact, end: exact + edit.oldText.length, replacement: edit.newText };
  // Fuzzy: rewrite whole original lines covered by the folded match.
  const at = folded.indexOf(needle);
  const firstLine = count(folded.slice(0, at), "\n");
  const lastLine = firstLine + count(needle, "\n");
  const lines = content.split("\n");
  const start = lines.slice(0, firstLine).reduce((n, l) => n + l.length + 1, 0);
  const end = start + lines.slice(firstLine, lastLine + 1).join("\n").length;
  const foldedBlock = folded
    .split("\n")
    .slice(firstLine, lastLine + 1)
    .join("\n");
  const offset =
    at -
    folded
      .split("\n")
      .slice(0, firstLine)
      .reduce((n, l) => n + l.length + 1, 0);
  const replacement = foldedBlock.slice(0, offset) + edit.newText + foldedBlock.slice(offset + needle.length);
  return { index: i, start, end, replacement };
}

/** The text before (LF) and after the edits; throws pi's messages for each failure. */
export function applyEdits(content: string, edits: Edit[], path: string): { before: string; after: string } {
  const before = lf(content);
  const normalized = edits.map((e) => ({ oldText: lf(e.oldText), newText: lf(e.newText) }));
  normalized.forEach((e, i) => {
    if (!e.oldText) throw which(path, i, edits.length, `oldText must not be empty in ${path}.`, "#.oldText must not be empty in PATH.");
  });
  const spans = normalized.map((e, i) => locate(before, e, i, edits.length, path)).sort((a, b) => a.start - b.start);
  for (let k = 1; k < spans.length; k++) {
    const [prev, cur] = [spans[k - 1]!, spans[k]!];
    if (prev.end > cur.start) {
      throw new Error(
        `edits[${prev.index}] and edits[${cur.index}] overlap in ${path}. Merge them into one edit or target disjoint regions.`,
      );
    }
  }
  let after = before;
  for (const s of [...spans].reverse()) after = after.slice(0, s.start) + s.replacement + after.slice(s.end);
  if (after === before) {
    throw new Error(
      edits.length === 1
        ? `No changes made to ${path}. The replacement produced identical content. This might indicate an issue with special characters or the text not existing as expected.`
        : `No changes made to ${path}. The replacements produced identical content.`,
    );
  }
  return { before, after };
}
