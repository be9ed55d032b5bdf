// One tool call: its name and what it works on, its state (running, done, failed), and its
// result: an edit's diff, a written file as added lines, a command's output, any other text.
// Long outputs start folded (a native <details>: no script needed to open them).
import type { ToolCallBlock, ToolResult } from "../messages.js";
import { textOf } from "../messages.js";
import { addedLines, Diff } from "./Diff.js";

export interface ToolRowProps {
  call: ToolCallBlock;
  result?: ToolResult;
  running: boolean;
}

/** What the call works on, in a few words: a path, a command, a pattern. */
function subject(args: Record<string, unknown>): string {
  for (const key of ["path", "file_path", "command", "pattern", "query", "url"]) {
    if (typeof args[key] === "string") return args[key] as string;
  }
  const json = JSON.stringify(args);
  return json === "{}" ? "" : json.length > 120 ? `${json.slice(0, 119)}…` : json;
}

function Body({ call, result }: { call: ToolCallBlock; result?: ToolResult }) {
  const diff = result?.details?.diff;
  if (typeof diff === "string" && diff && !result?.isError) return <Diff text={diff} />;
  if (call.name === "write" && typeof call.arguments.content === "string" && result && !result.isError)
    return <Diff text={addedLines(call.arguments.content)} />;
  const text = result ? textOf(result) : "";
  if (!text) return null;
  const lines = text.split("\n").length;
  if (lines <= 12 || result?.isError) return <pre class="tool-output">{text}</pre>;
  return (
    <details>
      <summary>{lines} lines</summary>
      <pre class="tool-output">{text}</pre>
    </details>
  );
}

export function ToolRow({ call, result, running }: ToolRowProps) {
  const status = running ? "running" : result?.isError ? "error" : result ? "done" : "pending";
  return (
    <div class={`tool tool-${status}`} data-tool={call.name} data-tool-call-id={call.id}>
      <div class="tool-head">
        <span class="tool-name">{call.name}</span>
        <span class="tool-subject">{subject(call.arguments ?? {})}</span>
        <span class="tool-status" title={status}>
          {status === "running" ? "…" : status === "error" ? "✗" : status === "done" ? "✓" : ""}
        </span>
      </div>
      <Body call={call} result={result} />
    </div>
  );
}
