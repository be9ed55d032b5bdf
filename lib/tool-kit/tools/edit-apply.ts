// Applying a batch of replacements to a file's text: every oldText is located in the ORIGINAL
// text, all must be unique and disjoint, and then they are applied together or not at all. This is
// the one edit-matching algorithm: the edit tool and pi-compat's createEditTool both run it and
// differ only in how a refused edit is worded (EditWording: ours with the closest lines, pi's).
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
}

export interface Applied {
  text: string;
  /** Original-text offset of the first replaced span. */
  firstOffset: number;
}

/**
 * Why a batch was refused. `index` is the edit's place in the batch and `total` the batch size;
 * `closest` gives the lines of the file that look most like a missing oldText ("" when none do).
 */
export type EditProblem =
  | { kind: "empty" | "identical"; index: number; total: number }
  | { kind: "not-found"; index: number; total: number; closest: () => string }
  | { kind: "ambiguous"; index: number; total: number; count: number }
  | { kind: "overlap"; index: number; other: number; total: number }
  | { kind: "unchanged"; total: number };

/** How a refused edit reads: the message for each problem with the file `path` (as the tool names it). */
export type EditWording = (problem: EditProblem, path: string) => string;

/**
 * `original` is the file's text without its BOM; `path` is only for messages. Throws an Error worded
 * by `wording` (the model-facing messages below unless a caller speaks another dialect).
 */
export function applyEdits(original: string, edits: Edit[], path: string, wording: EditWording = editMessages): Applied {
  const refuse = (problem: EditProblem) => new Error(wording(problem, path));
  const total = edits.length;
  edits.forEach((edit, index) => {
    if (edit.oldText === "") throw refuse({ kind: "empty", index, total });
    if (edit.oldText === edit.newText) throw refuse({ kind: "identical", index, total });
  });
  const views = new FileViews(original);
  const eol = detectEol(original);
  const spans = edits.map((edit, index) => {
    const match = locate(views, edit.oldText);
    if (!match.found && match.count === 0) {
      throw refuse({ kind: "not-found", index, total, closest: () => closestCandidates(views.exact.text, views.fuzzy.text, edit.oldText) });
    }
    if (!match.found) throw refuse({ kind: "ambiguous", index, total, count: match.count });
    return { start: match.start, end: match.end, replacement: withEol(edit.newText, eol), index };
  });
  const ordered = [...spans].sort((a, b) => a.start - b.start);
  for (let i = 1; i < ordered.length; i++) {
    const [a, b] = [ordered[i - 1], ordered[i]];
    if (b.start < a.end) throw refuse({ kind: "overlap", index: Math.min(a.index, b.index), other: Math.max(a.index, b.index), total });
  }
  const text = splice(original, ordered);
  if (text === original) throw refuse({ kind: "unchanged", total });
  return { text, firstOffset: ordered[0].start };
}

/** The edit tool's own wording: what went wrong and what to send instead, with the closest lines. */
export const editMessages: EditWording = (problem, path) => {
  const name = problem.kind === "unchanged" ? "" : label(problem.index, problem.total);
  switch (problem.kind) {
    case "empty":
      return (
        `${name} is empty. Include the exact existing text to replace (to insert, include a nearby ` +
        `unique line in oldText and repeat it in newText; to replace a whole file, use write).`
      );
    case "identical":
      return `${name.replace("oldText", "newText")} is identical to ${name}, so nothing would change. Provide the new text.`;
    case "not-found":
      return notFoundMessage(problem.closest(), name, path);
    case "ambiguous":
      return (
        `Found ${problem.count} occurrences of ${name} in ${path}. It must match exactly one place: ` +
        `add more surrounding lines to ${name} to make it unique.`
      );
    case "overlap":
      return (
        `${name} and ${label(problem.other, problem.total)} overlap in the file. Merge them into one ` +
        `edit, or make each oldText cover a separate region.`
      );
    case "unchanged":
      return `No changes made to ${path}: the replacements produce identical content. Check that newText contains the change you intend.`;
  }
};

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

function notFoundMessage(candidates: string, name: string, path: string): string {
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
