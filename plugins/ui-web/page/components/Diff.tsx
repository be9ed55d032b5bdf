// A unified diff (an edit's `details.diff`, a permission dialog's `diff`), drawn line by line:
// additions, deletions, hunk headers and context each get their class; the file headers are left out.

function kind(line: string): string {
  if (line.startsWith("@@")) return "hunk";
  if (line.startsWith("+")) return "add";
  if (line.startsWith("-")) return "del";
  return "ctx";
}

export function Diff({ text }: { text: string }) {
  const lines = text.replace(/\n$/, "").split("\n");
  const start = lines.findIndex((l) => l.startsWith("@@"));
  // The file headers (Index, ---, +++) come before the first hunk; inside hunks every line counts.
  const body = start >= 0 ? lines.slice(start) : lines;
  return (
    <pre class="diff">
      {body.map((line, i) => (
        <div key={i} class={`diff-${kind(line)}`}>
          {line || " "}
        </div>
      ))}
    </pre>
  );
}

/** A whole new file's text as a diff of added lines (the write tool's content). */
export function addedLines(text: string): string {
  const lines = text.replace(/\n$/, "").split("\n");
  return `@@ -0,0 +1,${lines.length} @@\n${lines.map((l) => `+${l}`).join("\n")}`;
}
