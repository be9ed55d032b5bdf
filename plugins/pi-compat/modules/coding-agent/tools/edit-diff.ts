// pi's edit diffs: generateDiffString (the numbered +/- lines pi's UI shows, with `context` lines
// around each change and "..." for skipped runs) and generateUnifiedPatch (a standard patch).
import { createRequire } from "node:module";

type DiffLib = typeof import("diff");
let lib: DiffLib | undefined;
const diff = (): DiffLib => (lib ??= createRequire(import.meta.url)("diff") as DiffLib);

export interface EditDiffResult {
  diff: string;
  firstChangedLine: number | undefined;
}

export function generateUnifiedPatch(path: string, oldContent: string, newContent: string, contextLines = 4): string {
  const d = diff();
  return d.createTwoFilesPatch(path, path, oldContent, newContent, undefined, undefined, {
    context: contextLines,
    headerOptions: d.FILE_HEADERS_ONLY,
  });
}

export function generateDiffString(oldContent: string, newContent: string, contextLines = 4): EditDiffResult {
  const parts = diff().diffLines(oldContent, newContent);
  const width = String(Math.max(oldContent.split("\n").length, newContent.split("\n").length)).length;
  const out: string[] = [];
  const pos = { old: 1, new: 1 };
  const num = (n: number) => String(n).padStart(width, " ");
  const context = (line: string) => {
    out.push(` ${num(pos.old)} ${line}`);
    pos.old++;
    pos.new++;
  };
  const skip = (n: number) => {
    if (n <= 0) return;
    out.push(` ${"".padStart(width, " ")} ...`);
    pos.old += n;
    pos.new += n;
  };
  let first: number | undefined;
  parts.forEach((part, i) => {
    const lines = part.value.split("\n");
    if (lines[lines.length - 1] === "") lines.pop();
    if (part.added || part.removed) {
      first ??= pos.new;
      for (const line of lines) out.push(part.added ? `+${num(pos.new++)} ${line}` : `-${num(pos.old++)} ${line}`);
      return;
    }
    const afterChange = i > 0 && (parts[i - 1]!.added || parts[i - 1]!.removed);
    const beforeChange = i < parts.length - 1 && (parts[i + 1]!.added || parts[i + 1]!.removed);
    if (afterChange && beforeChange && lines.length <= contextLines * 2) lines.forEach(context);
    else if (afterChange && beforeChange) {
      lines.slice(0, contextLines).forEach(context);
      skip(lines.length - contextLines * 2);
      lines.slice(-contextLines).forEach(context);
    } else if (afterChange) {
      lines.slice(0, contextLines).forEach(context);
      skip(lines.length - Math.min(contextLines, lines.length));
    } else if (beforeChange) {
      const hidden = Math.max(0, lines.length - contextLines);
      skip(hidden);
      lines.slice(hidden).forEach(context);
    } else {
      pos.old += lines.length;
      pos.new += lines.length;
    }
  });
  return { diff: out.join("\n"), firstChangedLine: first };
}
