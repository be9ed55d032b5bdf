// Watches plugin roots (directories, no globs) with chokidar. Bursts of events are debounced into
// one callback, and a save that leaves the content unchanged is ignored.
import { readFile } from "node:fs/promises";
import type { Report } from "./hooks.js";
import { DiagnosticCode, errorText } from "./errors.js";

export interface Watcher {
  /** Watches exactly these roots from now on. */
  update(roots: string[]): void;
  close(): Promise<void>;
}

const IGNORED = /(^|[/\\])(node_modules|\.git)([/\\]|$)/;

export async function watchFiles(
  roots: string[], onChange: (paths: string[]) => void, report: Report, debounceMs = 100,
): Promise<Watcher> {
  const { watch } = await import("chokidar");
  const hashes = new Map<string, string>();
  let changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let watched = new Set(roots);
  const fsw = watch([...watched], { ignoreInitial: true, ignored: (p: string) => IGNORED.test(p) });

  const fire = async () => {
    const paths = [...changed];
    changed = new Set();
    const real: string[] = [];
    for (const path of paths) if (await contentChanged(path, hashes)) real.push(path);
    if (real.length > 0) onChange(real);
  };
  const note = (path: string) => {
    changed.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => void fire(), debounceMs);
  };
  for (const event of ["add", "change", "unlink", "addDir", "unlinkDir"] as const) fsw.on(event, note);
  fsw.on("error", (error) => report({ level: "warning", code: DiagnosticCode.watch, where: "watcher",
    message: `file watcher: ${errorText(error)}` }));
  await new Promise<void>((resolve) => fsw.once("ready", () => resolve()));

  return {
    update(next) {
      const want = new Set(next);
      const added = [...want].filter((r) => !watched.has(r));
      const removed = [...watched].filter((r) => !want.has(r));
      if (added.length) fsw.add(added);
      if (removed.length) fsw.unwatch(removed);
      watched = want;
    },
    async close() {
      clearTimeout(timer);
      await fsw.close();
    },
  };
}

async function contentChanged(path: string, hashes: Map<string, string>): Promise<boolean> {
  let hash: string;
  try {
    // Loaded here, not at the top: node:crypto is ~2 ms of every start-up, and print runs watch nothing.
    hash = process.getBuiltinModule("node:crypto").createHash("sha1").update(await readFile(path)).digest("hex");
  } catch {
    hashes.delete(path); // deleted, or a directory: always a change
    return true;
  }
  if (hashes.get(path) === hash) return false;
  hashes.set(path, hash);
  return true;
}
