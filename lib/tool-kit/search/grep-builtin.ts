// grep without ripgrep: the gitignore-aware walk, a JavaScript RegExp per line. Binary files (a
// NUL byte near the start) are skipped, as ripgrep skips them by default. Files are read a few at
// a time, in walk order, so results come out in the same order as `rg --sort path`.
import { readFile } from "node:fs/promises";
import ignore from "ignore";
import type { GrepHits, GrepMatch, GrepQuery } from "./grep-types.js";
import { walkTree } from "./walk-tree.js";

const BATCH = 32;
const SNIFF_BYTES = 8192;

export async function grepBuiltin(q: GrepQuery, signal?: AbortSignal): Promise<GrepHits> {
  const regex = compile(q);
  const accepts = globFilter(q.glob);
  const matches: GrepMatch[] = [];
  const files = q.rootIsDir ? walkFiles(q.root, accepts, signal) : single(q.root);
  let batch: string[] = [];
  const flush = async (): Promise<boolean> => {
    const contents = await Promise.all(batch.map((f) => readFile(f).catch(() => undefined)));
    for (let i = 0; i < batch.length; i++) {
      if (searchFile(batch[i], contents[i], regex, q.limit, matches)) return true;
    }
    batch = [];
    return false;
  };
  for await (const file of files) {
    signal?.throwIfAborted();
    batch.push(file);
    if (batch.length >= BATCH && (await flush())) return { matches, limitReached: true };
  }
  return { matches, limitReached: await flush() };
}

/** Appends this file's matches; true once the limit is reached. */
function searchFile(file: string, content: Buffer | undefined, regex: RegExp, limit: number, out: GrepMatch[]): boolean {
  if (!content || content.subarray(0, SNIFF_BYTES).includes(0)) return false;
  const lines = content
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .split("\n"); // ripgrep drops a UTF-8 BOM too
  if (lines[lines.length - 1] === "") lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i].endsWith("\r") ? lines[i].slice(0, -1) : lines[i];
    regex.lastIndex = 0;
    if (!regex.test(text)) continue;
    out.push({ file, line: i + 1, text });
    if (out.length >= limit) return true;
  }
  return false;
}

function compile(q: GrepQuery): RegExp {
  const source = q.literal ? q.pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : q.pattern;
  const flags = q.ignoreCase ? "i" : "";
  try {
    return new RegExp(source, `${flags}u`); // Unicode-aware, like ripgrep
  } catch {
    try {
      return new RegExp(source, flags); // patterns with escapes only legal outside Unicode mode
    } catch (error) {
      throw new Error(
        `Invalid regular expression ${JSON.stringify(q.pattern)}: ${(error as Error).message}. Use literal=true to search for the text as is.`,
      );
    }
  }
}

/** ripgrep's --glob: gitignore-style matching against the path below the root; "!" excludes. */
function globFilter(glob: string | undefined): (rel: string) => boolean {
  if (!glob) return () => true;
  const negated = glob.startsWith("!");
  const matcher = ignore({ allowRelativePaths: true }).add(negated ? glob.slice(1) : glob);
  return (rel) => matcher.ignores(rel) !== negated;
}

async function* walkFiles(root: string, accepts: (rel: string) => boolean, signal?: AbortSignal): AsyncGenerator<string> {
  for await (const entry of walkTree(root, signal)) {
    if (entry.kind === "file" && accepts(entry.rel)) yield entry.path;
  }
}

async function* single(file: string): AsyncGenerator<string> {
  yield file;
}
