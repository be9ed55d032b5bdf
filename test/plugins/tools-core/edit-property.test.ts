// Property: for random files (LF or CRLF, typographic quotes and dashes, Unicode spaces, trailing
// whitespace) and a random unique span of whole lines, an edit whose oldText is the span in
// normalised form changes exactly that span: every byte before and after it is identical, and the
// unified diff in the result applies back to the old text.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { applyPatch } from "diff";
import { describe, expect, it } from "vitest";
import { createFileMutationQueue } from "../../../lib/tool-kit/index.js";
import { createEditTool } from "../../../lib/tool-kit/index.js";
import { call, tempDir } from "./helpers.js";

const editTool = createEditTool(createFileMutationQueue());

/** mulberry32: a small seeded generator, so a failure reproduces. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ["a", "b", "x", "1", " ", "\t", "é", "✓", "“", "”", "‘", "’", "—", "–", "\u00A0", "\u2009", "(", ")", "=", ";"];
const FOLD: Record<string, string> = { "“": '"', "”": '"', "‘": "'", "’": "'", "—": "-", "–": "-", "\u00A0": " ", "\u2009": " " };

function fold(text: string): string {
  return text
    .split("\n")
    .map((line) =>
      [...line]
        .map((c) => FOLD[c] ?? c)
        .join("")
        .replace(/[ \t]+$/, ""),
    )
    .join("\n");
}

describe("edit property: a normalised match changes only its span", () => {
  it("holds for 300 seeded random files and spans", async () => {
    const cwd = await tempDir();
    const path = join(cwd, "f.txt");
    for (let seed = 1; seed <= 300; seed++) {
      const r = rng(seed);
      const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
      const eol = r() < 0.4 ? "\r\n" : "\n";
      const lines = Array.from(
        { length: 3 + Math.floor(r() * 20) },
        () => Array.from({ length: Math.floor(r() * 12) }, () => pick(PIECES)).join("") + (r() < 0.3 ? "  " : ""),
      );
      const first = Math.floor(r() * lines.length);
      const last = Math.min(lines.length - 1, first + Math.floor(r() * 4));
      lines[first] = `UNIQ${seed} ${lines[first]}`; // makes the span unique
      lines[last] = `${lines[last].replace(/[ \t\u00A0\u2009]+$/, "")}END`; // span ends on a visible character
      const original = lines.join(eol) + (r() < 0.7 ? eol : "");
      const start = lines.slice(0, first).reduce((n, l) => n + l.length + eol.length, 0);
      const span = lines.slice(first, last + 1).join(eol);
      const end = start + span.length;
      const newText = `NEW${seed}\nline ${seed}`;
      await writeFile(path, original);
      const result = await call(editTool, { path: "f.txt", edits: [{ oldText: fold(span.replaceAll("\r\n", "\n")), newText }] }, { cwd });
      const expected = original.slice(0, start) + newText.replaceAll("\n", eol) + original.slice(end);
      expect(await readFile(path, "utf8"), `seed ${seed}`).toBe(expected);
      // The diff shown to the user is a faithful patch: applied to the old text it gives the new one.
      const lf = (t: string) => t.replaceAll("\r\n", "\n");
      expect(applyPatch(lf(original), (result.details as { diff: string }).diff), `diff, seed ${seed}`).toBe(lf(expected));
    }
  });
});
