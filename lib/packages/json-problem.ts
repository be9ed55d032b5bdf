// Where a JSON file is broken, for a message a person can act on: the line and column of the
// first error and the top-level keys the file holds (none of them applies while it is broken).
// JSON.parse says neither (Node 20 often gives no position at all), so the file is read again
// with jsonc-parser (Microsoft's, VS Code's JSON parser), which is fault tolerant and reports
// every error with its offset; comments and trailing commas count as errors, as in JSON.
// jsonc-parser loads only for a broken file: its load (~20 ms) was on every start's path.
import { createRequire } from "node:module";
import type { ParseError } from "jsonc-parser";

export interface JsonProblem {
  line: number;
  column: number;
  /** What is wrong there ("value expected"). */
  reason: string;
  /** The top-level keys found, in order. */
  keys: string[];
}

export function jsonProblem(text: string): JsonProblem {
  const { parseTree, printParseErrorCode } = createRequire(import.meta.url)("jsonc-parser") as typeof import("jsonc-parser");
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  const keys = (tree?.type === "object" ? (tree.children ?? []) : []).flatMap((p) => {
    const key = p.children?.[0]?.value;
    return typeof key === "string" ? [key] : [];
  });
  const { line, column } = lineAndColumn(text, first?.offset ?? 0);
  return { line, column, reason: first ? words(printParseErrorCode(first.error)) : "not valid JSON", keys };
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** "PropertyNameExpected" -> "property name expected". */
function words(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}
