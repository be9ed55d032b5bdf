// grep through ripgrep's JSON output. --sort path keeps results stable from one call to the next
// (and identical to the built-in engine's order); --crlf lets `$` match before a CRLF line end, as
// the built-in engine does; rg is stopped as soon as the limit is reached.
import { readJsonl } from "../../mode-kit/jsonl.js";
import { onAbort } from "../shell/on-abort.js";
import type { GrepHits, GrepMatch, GrepQuery } from "./grep-types.js";

export function grepWithRg(rg: string, q: GrepQuery, signal?: AbortSignal): Promise<GrepHits> {
  const args = ["--json", "--line-number", "--color=never", "--hidden", "--no-require-git", "--crlf", "--sort", "path", "--glob", "!.git"];
  if (q.ignoreCase) args.push("--ignore-case");
  if (q.literal) args.push("--fixed-strings");
  if (q.glob) args.push("--glob", q.glob);
  args.push("--", q.pattern, q.root);
  return new Promise((resolve, reject) => {
    const child = process.getBuiltinModule("node:child_process").spawn(rg, args, { stdio: ["ignore", "pipe", "pipe"] });
    const matches: GrepMatch[] = [];
    let stderr = "";
    let stoppedAtLimit = false;
    const unlisten = onAbort(signal, () => child.kill());
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    // Not node:readline: loading it was ~0.5 ms of every start (this module loads with the tools).
    const onLine = (line: string) => {
      if (stoppedAtLimit || !line.startsWith('{"type":"match"')) return;
      const match = parseMatch(line);
      if (!match) return;
      matches.push(match);
      if (matches.length >= q.limit) {
        stoppedAtLimit = true;
        child.kill();
      }
    };
    readJsonl(child.stdout, onLine);
    child.once("error", (error) => reject(new Error(`Failed to run ripgrep: ${error.message}`)));
    child.once("close", (code) => {
      unlisten();
      if (signal?.aborted) return reject(new Error("Operation aborted"));
      if (!stoppedAtLimit && code !== 0 && code !== 1) return reject(new Error(stderr.trim() || `ripgrep exited with code ${code}`));
      resolve({ matches, limitReached: stoppedAtLimit });
    });
  });
}

function parseMatch(line: string): GrepMatch | undefined {
  try {
    const data = (JSON.parse(line) as { data: { path?: { text?: string }; line_number?: number; lines?: { text?: string } } }).data;
    const file = data.path?.text;
    if (!file || typeof data.line_number !== "number") return undefined;
    const text = data.lines?.text?.replace(/\r?\n$/, "");
    return { file, line: data.line_number, text };
  } catch {
    return undefined;
  }
}
