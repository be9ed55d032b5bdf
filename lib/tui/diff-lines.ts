// A unified diff in the theme's diff colours: the tool rows draw an edit's result with it and the
// permission dialog the edit it asks about, so both read the same.
import type { Theme } from "./theme.js";
import { wrapText } from "./text.js";

/** The diff's lines without the file headers, wrapped to `width`; past `maxLines`, a line says how many more there are. */
export function diffLines(diff: string, width: number, t: Theme, maxLines = Number.POSITIVE_INFINITY): string[] {
  const out: string[] = [];
  for (const line of diff.split("\n")) {
    if (/^(---|\+\+\+|Index:|====)/.test(line) || line === "") continue;
    const token = line.startsWith("+") ? "toolDiffAdded" : line.startsWith("-") ? "toolDiffRemoved" : "toolDiffContext";
    out.push(...wrapText(t.fg(line.startsWith("@@") ? "dim" : token, line), width));
  }
  if (out.length <= maxLines) return out;
  const kept = Math.max(1, maxLines - 1);
  return [...out.slice(0, kept), t.fg("dim", `… ${out.length - kept} more diff lines`)];
}
