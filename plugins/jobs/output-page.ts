// Reading a job's output file the way the bash tool shows output: without an offset, the tail
// (the last 2,000 lines or 50 KB, where a server's latest lines are); with one, the lines from
// there on, cut at the same limits, with the offset to continue from. The file is streamed, so a
// log of any size costs one pass and bounded memory.
import { createReadStream } from "node:fs";
import { DEFAULT_LIMITS, HeadBudget, type Limits, truncateTail } from "../../lib/tool-kit/index.js";

export interface OutputPage {
  text: string;
  /** First and last line shown (1-based); 0 and 0 when nothing is shown. */
  from: number;
  to: number;
  /** Lines in the file so far. */
  total: number;
  /** More lines follow what is shown (an offset to go on from is `to + 1`). */
  more: boolean;
}

async function* lines(path: string): AsyncGenerator<string> {
  const input = createReadStream(path, { encoding: "utf8" });
  input.on("error", () => {}); // a missing file reads as empty (the readline below ends)
  try {
    yield* process.getBuiltinModule("node:readline").createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  } catch {
    // unreadable: what was read is what there is
  } finally {
    input.destroy();
  }
}

/** The lines from `offset` (1-based) on, within `limits`. */
export async function pageFrom(path: string, offset: number, limits: Limits = DEFAULT_LIMITS): Promise<OutputPage> {
  const budget = new HeadBudget(limits);
  const shown: string[] = [];
  let total = 0;
  let full = false;
  for await (const line of lines(path)) {
    total += 1;
    if (total < offset || full) continue;
    if (budget.admit(Buffer.byteLength(line, "utf8")) === "ok") shown.push(line);
    else full = true;
  }
  const from = shown.length > 0 ? offset : 0;
  return { text: shown.join("\n"), from, to: from ? offset + shown.length - 1 : 0, total, more: offset + shown.length - 1 < total };
}

/** The end of the output, as bash shows it. */
export async function pageTail(path: string, limits: Limits = DEFAULT_LIMITS): Promise<OutputPage> {
  const kept: string[] = [];
  let bytes = 0;
  let total = 0;
  for await (const line of lines(path)) {
    total += 1;
    kept.push(line);
    bytes += Buffer.byteLength(line, "utf8") + 1;
    // Keep a little more than the limits; truncateTail makes the exact cut (and keeps a long line's end).
    while (kept.length > 1 && (kept.length > limits.maxLines || bytes - Buffer.byteLength(kept[0], "utf8") - 1 > limits.maxBytes)) {
      bytes -= Buffer.byteLength(kept.shift()!, "utf8") + 1;
    }
  }
  const tail = truncateTail(kept.length ? `${kept.join("\n")}\n` : "", limits);
  const from = total - tail.outputLines + 1;
  return { text: tail.content, from: total ? from : 0, to: total, total, more: false };
}

/** The note under a page: where it sits in the whole output, and how to read on. */
export function pageNote(page: OutputPage, outputPath: string): string {
  if (page.total === 0) return "(no output yet)";
  const whole = page.from <= 1 && !page.more;
  if (whole) return "";
  const next = page.more ? ` Next: offset=${page.to + 1}.` : "";
  return `[Showing lines ${page.from}-${page.to} of ${page.total}.${next} Full output: ${outputPath}]`;
}
