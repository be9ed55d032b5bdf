// When oldText is not found, showing the model the lines that look most like it (with line
// numbers) usually lets it retry correctly at once instead of re-reading the whole file.
import { normalise } from "./text-view.js";

const PROBE_LINES = 3; // how many leading lines of oldText to compare
const MIN_SCORE = 0.35; // below this a "closest" match is noise, and showing it would mislead
const MAX_SHOWN = 2;
const MAX_WINDOW = 12;
const MAX_LINE_CHARS = 200;
const PREFILTER = 200; // windows scored in full after ranking by the first line

/**
 * A ready-to-print block of the closest windows, or "" when nothing is similar. `foldedText` is the
 * fuzzy view of the file (same lines as `fileText`), so comparisons ignore what matching ignores.
 */
export function closestCandidates(fileText: string, foldedText: string, oldText: string): string {
  const oldLines = normalise(oldText, true).split("\n");
  while (oldLines.length > 0 && oldLines[0].trim() === "") oldLines.shift();
  const probe = oldLines.slice(0, PROBE_LINES).map(key);
  if (probe.length === 0) return "";

  const keys = foldedText.split("\n").map(key);
  // Rank every line by its likeness to the first probe line, then score only the best windows in full.
  const first = keys.map((k, line) => ({ line, score: similarity(k, probe[0]) }));
  first.sort((a, b) => b.score - a.score || a.line - b.line);
  const scored = first.slice(0, PREFILTER).map(({ line }) => ({ line, score: windowScore(keys, line, probe) }));
  scored.sort((a, b) => b.score - a.score || a.line - b.line);

  const span = Math.min(Math.max(oldLines.length, 1), MAX_WINDOW);
  const picked: number[] = [];
  for (const { line, score } of scored) {
    if (picked.length >= MAX_SHOWN || score < MIN_SCORE) break;
    if (picked.every((p) => Math.abs(p - line) >= span)) picked.push(line);
  }
  const fileLines = fileText.split("\n");
  return picked.map((line) => formatWindow(fileLines, line, span)).join("\n\n");
}

function windowScore(keys: string[], at: number, probe: string[]): number {
  let total = 0;
  for (let j = 0; j < probe.length; j++) total += similarity(keys[at + j] ?? "", probe[j]);
  return total / probe.length;
}

function formatWindow(lines: string[], at: number, span: number): string {
  const from = Math.max(0, at - 1); // one line of context before
  const to = Math.min(lines.length, at + span + 1); // and one after
  const width = String(to).length;
  const body = lines.slice(from, to).map((text, i) => {
    const shown = text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)}…` : text;
    return `${String(from + i + 1).padStart(width)} | ${shown}`;
  });
  return [`Closest match near line ${at + 1}:`, ...body].join("\n");
}

/** What two (already folded) lines are compared by: trimmed, and capped so huge lines stay cheap. */
function key(line: string): string {
  return line.trim().slice(0, MAX_LINE_CHARS * 2);
}

/** Dice coefficient over character bigrams: 1 for equal strings, near 0 for unrelated ones. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const counts = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) {
    const gram = a.slice(i, i + 2);
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const gram = b.slice(i, i + 2);
    const left = counts.get(gram) ?? 0;
    if (left > 0) {
      shared += 1;
      counts.set(gram, left - 1);
    }
  }
  return (2 * shared) / (a.length + b.length - 2);
}
