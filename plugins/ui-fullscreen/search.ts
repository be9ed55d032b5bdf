// Searching the transcript: a query typed after Ctrl+R; Enter jumps to the nearest match above
// (again: the one before that, wrapping around); Esc stops. Matches are found in the plain text
// of the rendered lines, case-insensitively.
import { stripAnsi } from "../../lib/tui/index.js";

export class TranscriptSearch {
  active = false;
  query = "";
  /** Line index of the current match. */
  match: number | undefined;
  status = "";

  open(): void {
    this.active = true;
    this.query = "";
    this.match = undefined;
    this.status = "";
  }

  close(): void {
    this.active = false;
    this.match = undefined;
    this.status = "";
  }

  /** Finds the last match above `before` (wrapping to the end); returns its line or undefined. */
  next(lines: string[], before: number): number | undefined {
    const q = this.query.toLowerCase();
    if (!q) return undefined;
    const n = lines.length;
    for (let k = 1; k <= n; k++) {
      const i = (before - k + n * 2) % n;
      if (stripAnsi(lines[i]).toLowerCase().includes(q)) {
        this.match = i;
        const total = lines.reduce((c, l) => c + (stripAnsi(l).toLowerCase().includes(q) ? 1 : 0), 0);
        this.status = `${total} match${total === 1 ? "" : "es"}`;
        return i;
      }
    }
    this.match = undefined;
    this.status = "no match";
    return undefined;
  }
}
