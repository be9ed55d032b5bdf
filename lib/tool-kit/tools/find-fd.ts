// find through fd, as pi runs it; paths come back relative to the root, POSIX, sorted, with a
// trailing "/" on directories (fd 8 omits it, fd 9+ adds it).
import { lstat } from "node:fs/promises";
import { relative, sep } from "node:path";
import { readJsonl } from "../../mode-kit/index.js";
import { toPosix } from "../search/posix.js";
import { onAbort } from "../shell/on-abort.js";
import { byPath } from "./output.js";

export interface Found {
  paths: string[];
  limitReached: boolean;
}

export function findWithFd(
  fd: { path: string; noRequireGit: boolean },
  root: string,
  pattern: string,
  limit: number,
  signal: AbortSignal,
): Promise<Found> {
  // One result more than the limit tells "exactly at the limit" from "more were there".
  const args = ["--glob", "--color=never", "--hidden", "--exclude", ".git", "--max-results", String(limit + 1)];
  if (fd.noRequireGit) args.push("--no-require-git");
  let effective = pattern;
  if (pattern.includes("/")) {
    args.push("--full-path");
    if (!pattern.startsWith("/") && !pattern.startsWith("**/") && pattern !== "**") effective = `**/${pattern}`;
  }
  args.push("--", effective, root);
  return new Promise((resolve, reject) => {
    const child = process.getBuiltinModule("node:child_process").spawn(fd.path, args, { stdio: ["ignore", "pipe", "pipe"] });
    const lines: string[] = [];
    let stderr = "";
    const unlisten = onAbort(signal, () => child.kill());
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    // fd's lines end in "\n" (readJsonl drops a trailing "\r"); node:readline would cost ~0.5 ms of every start.
    readJsonl(child.stdout, (line) => {
      if (line.trim()) lines.push(line);
    });
    child.once("error", (error) => reject(new Error(`Failed to run fd: ${error.message}`)));
    child.once("close", async (code) => {
      unlisten();
      if (signal.aborted) return reject(new Error("Operation aborted"));
      if (code !== 0 && lines.length === 0) return reject(new Error(stderr.trim() || `fd exited with code ${code}`));
      // fd lists in no fixed order (it walks in parallel): sort so results are stable.
      const all = (await Promise.all(lines.map((line) => relativeEntry(root, line)))).sort(byPath);
      resolve({ paths: all.slice(0, limit), limitReached: all.length > limit });
    });
  });
}

/** fd 8 prints directories without a trailing separator and fd 9+ with one: normalise to "/". */
async function relativeEntry(root: string, line: string): Promise<string> {
  const bare = line.endsWith(sep) ? line.slice(0, -1) : line;
  const rel = toPosix(relative(root, bare));
  if (line.endsWith(sep)) return `${rel}/`;
  const info = await lstat(bare).catch(() => undefined);
  return info?.isDirectory() ? `${rel}/` : rel;
}
