// The single-column shortcut of lib/tui/text.ts against the libraries it stands in for: every
// character SINGLE_COLUMN accepts is one column for string-width and a grapheme of its own for
// Intl.Segmenter, so counting gives their answers; and an idle screen's text loads neither.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import { graphemes, SINGLE_COLUMN, truncateToWidth, visibleWidth, wrapText } from "../../lib/tui/index.js";

const accepted: string[] = [];
for (let c = 0x20; c <= 0xffff; c++) {
  const ch = String.fromCharCode(c);
  if (SINGLE_COLUMN.test(ch)) accepted.push(ch);
}

/** A small deterministic generator, so a failure names a string that fails again. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x80000000;
  };
}

describe("single-column text", () => {
  it("accepts only characters string-width measures as one column, none that joins a grapheme", () => {
    expect(accepted.length).toBeGreaterThan(1500);
    const wrong = accepted.filter((ch) => stringWidth(ch) !== 1 || /[\p{M}\p{Cf}\p{Cc}\p{Zl}\p{Zp}\p{Emoji_Presentation}]/u.test(ch));
    expect(wrong.map((ch) => ch.codePointAt(0)!.toString(16))).toEqual([]);
  });

  it("gives string-width's width and Intl.Segmenter's graphemes for strings of those characters", () => {
    const next = random(7);
    const segmenter = new Intl.Segmenter();
    for (let i = 0; i < 3000; i++) {
      const text = Array.from({ length: 1 + Math.floor(next() * 24) }, () => accepted[Math.floor(next() * accepted.length)]).join("");
      const styled = `\x1b[1m${text}\x1b[0m`;
      expect(visibleWidth(styled), text).toBe(stringWidth(styled));
      expect(
        [...graphemes(text)].map((g) => [g.segment, g.index]),
        text,
      ).toEqual([...segmenter.segment(text)].map((g) => [g.segment, g.index]));
    }
  });

  it("leaves the rest to the libraries: wide, combining and emoji text", () => {
    for (const text of ["日本語", "e\u0301", "👍🏽", "✔️", "a\u200db", "◽", "\t"]) {
      expect(visibleWidth(text), text).toBe(stringWidth(text));
      expect([...graphemes(text)].map((g) => g.segment)).toEqual([...new Intl.Segmenter().segment(text)].map((g) => g.segment));
    }
    expect(truncateToWidth("日本語のテキスト", 7)).toBe("日本語\x1b[0m…\x1b[0m");
    expect(wrapText("────── ↑↓ ──────", 8)).toEqual(["────── ", "↑↓ ", "──────"]);
  });

  it("measures, wraps and truncates an idle screen's text without a segmenter or string-width", () => {
    // A new process: the first measuring of non-ASCII text is what would load them.
    const text = pathToFileURL(join(import.meta.dirname, "..", "..", "dist", "lib", "tui", "text.js")).href;
    const line = "\x1b[2m────────\x1b[0m ↑12 ↓3 $0.004 • café — “quoted” … ✓ ●";
    const script = `
let made = 0;
const Real = Intl.Segmenter;
Intl.Segmenter = class extends Real { constructor(...a) { super(...a); made++; } };
const { visibleWidth, truncateToWidth, wrapText } = await import(${JSON.stringify(text)});
const line = ${JSON.stringify(line)};
const out = [visibleWidth(line), truncateToWidth(line, 20).length > 0, wrapText(line, 200).length];
console.log(JSON.stringify({ out, made }));`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual({ out: [stringWidth(line), true, 1], made: 0 });
  });
});
