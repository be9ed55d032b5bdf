// Applying a batch of replacements to a file's text: every oldText is located in the ORIGINAL
// text, all must be unique and disjoint, and then they are applied together or not at all.
import { closestCandidates } from "./edit-candidates.js";
import { FileViews, locate } from "./edit-match.js";

export interface Edit {
  oldText: string;
  newText: string;
}

interface Span {
  start: number;
  end: number;
  replacement: string;
  index: number;
}

export interface Applied {
  text: string;
  /** Original-text offset of the first replaced span. */
  firstOffset: number;
}

/** `original` is the file's text without its BOM; `path` is only for messages. */
export function applyEdits(original: string, edits: Edit[], path: string): Applied {
  edits.forEach((edit, i) => checkEdit(edit, label(i, edits.length)));
  const views = new FileViews(original);
  const eol = detectEol(original);
  const spans = edits.map((edit, i) => {
    const name = label(i, edits.length);
    const match = locate(views, edit.oldText);
    if (!match.found && match.count === 0) throw new Error(notFoundMessage(views, edit.oldText, name, path));
    if (!match.found) {
      throw new Error(
        `Found ${match.count} occurrences of ${name} in ${path}. It must match exactly one place: ` +
          `add more surrounding lines to ${name} to make it unique.`,
      );
    }
    return { start: match.start, end: match.end, replacement: withEol(edit.newText, eol), index: i };
  });
  const ordered = [...spans].sort((a, b) => a.start - b.start);
  checkOverlaps(ordered, edits.length);
  const text = splice(original, ordered);
  if (text === original) {
    throw new Error(
      `No changes made to ${path}: the replacements produce identical content. Check that newText contains the change you intend.`,
    );
  }
  return { text, firstOffset: ordered[0].start };
}

function checkEdit(edit: Edit, name: string): void {
  if (edit.oldText === "") {
    throw new Error(
      `${name} is empty. Include the exact existing text to replace (to insert, include a nearby ` +
        `unique line in oldText and repeat it in newText; to replace a whole file, use write).`,
    );
  }
  if (edit.oldText === edit.newText) {
    throw new Error(`${name.replace("oldText", "newText")} is identical to ${name}, so nothing would change. Provide the new text.`);
  }
}

function checkOverlaps(ordered: Span[], count: number): void {
  for (let i = 1; i < ordered.length; i++) {
    const [a, b] = [ordered[i - 1], ordered[i]];
    if (b.start < a.end) {
      const [first, second] = [a.index, b.index].sort((x, y) => x - y);
      throw new Error(
        `${label(first, count)} and ${label(second, count)} overlap in the file. Merge them into one ` +
          `edit, or make each oldText cover a separate region.`,
      );
    }
  }
}

function splice(original: string, ordered: Span[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const span of ordered) {
    parts.push(original.slice(at, span.start), span.replacement);
    at = span.end;
  }
  parts.push(original.slice(at));
  return parts.join("");
}

function notFoundMessage(views: FileViews, oldText: string, name: string, path: string): string {
  const candidates = closestCandidates(views.exact.text, views.fuzzy.text, oldText);
  const hint = candidates
    ? `\n\n${candidates}\n\nRetry with ${name} copied exactly from the file.`
    : `\n\nNo similar lines were found; re-read the file with the read tool before retrying.`;
  return `Could not find ${name} in ${path}. It must match the file's text exactly, including whitespace and indentation.${hint}`;
}

function label(index: number, count: number): string {
  return count === 1 ? "oldText" : `edits[${index}].oldText`;
}

/** The file's line ending, judged by its first line break. */
export function detectEol(text: string): "\n" | "\r\n" {
  const nl = text.indexOf("\n");
  return nl > 0 && text[nl - 1] === "\r" ? "\r\n" : "\n";
}

/** Writes the model's newText with the file's own line endings. */
function withEol(text: string, eol: "\n" | "\r\n"): string {
  const lf = text.replace(/\r\n/g, "\n");
  return eol === "\n" ? lf : lf.replace(/\n/g, "\r\n");
}
