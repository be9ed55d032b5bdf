// What the model reads: one line per diagnostic, the ten most relevant of the touched file (errors
// before warnings, those this edit introduced before those it left, then by line), each with its
// place, severity, code and the first line of its message.
import type { Diagnostic } from "vscode-languageserver-protocol";

export const MAX_SHOWN = 10;
const MAX_MESSAGE = 240;
const NAMES: Record<number, string> = { 1: "error", 2: "warning", 3: "info", 4: "hint" };

export interface Shown {
  /** The file as the model named it (relative to the workspace). */
  path: string;
  server: string;
  warnings: boolean;
  /** The file's diagnostics before the edit, when the server had reported them. */
  before?: Diagnostic[];
}

/** The lines to append to an edit's result, or undefined when there is nothing to say. */
export function diagnosticsReport(after: Diagnostic[], o: Shown): string | undefined {
  const relevant = (ds: Diagnostic[]) => ds.filter((d) => (d.severity ?? 1) === 1 || (o.warnings && d.severity === 2));
  const now = relevant(after);
  const earlier = o.before && relevant(o.before);
  if (now.length === 0) {
    return earlier?.length ? `LSP (${o.server}): no ${kinds(o)} in ${o.path} now (${earlier.length} fixed).` : undefined;
  }
  const known = new Set(earlier?.map(key));
  const isNew = (d: Diagnostic) => !known.has(key(d));
  const sorted = [...now].sort(
    (a, b) =>
      (a.severity ?? 1) - (b.severity ?? 1) ||
      Number(isNew(b)) - Number(isNew(a)) ||
      a.range.start.line - b.range.start.line ||
      a.range.start.character - b.range.start.character,
  );
  const lines = sorted.slice(0, MAX_SHOWN).map((d) => `  ${line(o.path, d)}${earlier && !isNew(d) ? " (already there)" : ""}`);
  if (sorted.length > MAX_SHOWN) lines.push(`  … and ${sorted.length - MAX_SHOWN} more`);
  const errors = now.filter((d) => (d.severity ?? 1) === 1).length;
  const warnings = now.length - errors;
  const counts = [errors && plural(errors, "error"), warnings && plural(warnings, "warning")].filter(Boolean).join(", ");
  return `LSP (${o.server}): ${counts} in ${o.path} after this change:\n${lines.join("\n")}`;
}

/** `src/a.ts:3:14 error TS2322: Type 'number' is not assignable to type 'string'.` */
export function line(path: string, d: Diagnostic): string {
  const where = `${path}:${d.range.start.line + 1}:${d.range.start.character + 1}`;
  const text = typeof d.message === "string" ? d.message : d.message.value;
  const message = (text.split("\n")[0] ?? "").trim();
  const clipped = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message;
  return `${where} ${NAMES[d.severity ?? 1] ?? "error"}${code(d)}: ${clipped}`;
}

function code(d: Diagnostic): string {
  if (d.code === undefined || d.code === "") return "";
  const typescript = typeof d.code === "number" && (d.source === "ts" || d.source === "typescript");
  return typescript ? ` TS${d.code}` : ` ${d.code}`;
}

const key = (d: Diagnostic) => `${d.code ?? ""}\0${typeof d.message === "string" ? d.message : d.message.value}`;
const kinds = (o: Shown) => (o.warnings ? "errors or warnings" : "errors");
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
