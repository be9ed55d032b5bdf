// Watches the MCP config files (their folders, so a file created later is seen too) and calls
// back, debounced, when one of them is written, created or deleted.
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";

const DEBOUNCE_MS = 150;

export function watchConfig(files: string[], changed: () => void, onError: (message: string) => void): () => Promise<void> {
  const wanted = new Set(files.map((f) => resolve(f)));
  const dirs = [...new Set(files.map((f) => dirname(resolve(f))))].filter((d) => existsSync(d));
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let watcher: import("chokidar").FSWatcher | undefined;
  if (dirs.length) {
    void import("chokidar").then(({ watch }) => {
      if (closed) return;
      watcher = watch(dirs, { ignoreInitial: true, depth: 0 });
      watcher.on("all", (_event, path) => {
        if (!wanted.has(resolve(path))) return;
        clearTimeout(timer);
        timer = setTimeout(() => {
          try {
            changed();
          } catch (error) {
            onError(`reloading MCP config: ${(error as Error).message}`);
          }
        }, DEBOUNCE_MS);
      });
      watcher.on("error", (error) => onError(`MCP config watcher: ${(error as Error).message ?? String(error)}`));
    });
  }
  return async () => {
    closed = true;
    clearTimeout(timer);
    await watcher?.close();
  };
}
