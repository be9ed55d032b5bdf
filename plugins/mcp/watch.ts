// Watches the MCP config files (their folders, so a file created later is seen too) and calls
// back, debounced, when one of them is written, created or deleted. A folder that does not exist
// yet (a project's `.pi/`, a fresh agent dir) is waited for from its nearest existing ancestor,
// one level at a time, so `mkdir -p .pi && write .pi/mcp.json` mid-session is picked up too.
import { existsSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";

const DEBOUNCE_MS = 150;

function nearestExisting(dir: string): string | undefined {
  let d = dir;
  while (!existsSync(d)) {
    const up = dirname(d);
    if (up === d) return undefined;
    d = up;
  }
  return d;
}

export function watchConfig(files: string[], changed: () => void, onError: (message: string) => void): () => Promise<void> {
  const wanted = new Set(files.map((f) => resolve(f)));
  const folders = [...new Set([...wanted].map((f) => dirname(f)))];
  const missing = new Set(folders.filter((d) => !existsSync(d)));
  const roots = [...new Set(folders.map(nearestExisting).filter((d): d is string => d !== undefined))];
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let watcher: import("chokidar").FSWatcher | undefined;
  const fire = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      try {
        changed();
      } catch (error) {
        onError(`reloading MCP config: ${(error as Error).message}`);
      }
    }, DEBOUNCE_MS);
  };
  // A folder on the way to a missing config folder appeared: watch it too, with the folders
  // below it that already exist (`mkdir -p` makes them faster than a watch starts), and catch a
  // config file written before the watch began.
  const appeared = (dir: string) => {
    const path = resolve(dir);
    if (![...missing].some((m) => m === path || m.startsWith(path + sep))) return;
    watcher?.add(path);
    const now = [...missing].filter((m) => (m === path || m.startsWith(path + sep)) && existsSync(m));
    for (const m of now) {
      missing.delete(m);
      watcher?.add(m);
    }
    if ([...wanted].some((f) => existsSync(f) && now.includes(dirname(f)))) fire();
  };
  if (roots.length) {
    void import("chokidar").then(({ watch }) => {
      if (closed) return;
      watcher = watch(roots, { ignoreInitial: true, depth: 0 });
      watcher.on("all", (event, path) => {
        if (event === "addDir") return appeared(path);
        if (wanted.has(resolve(path))) fire();
      });
      watcher.on("error", (error) => onError(`MCP config watcher: ${(error as Error).message ?? String(error)}`));
      // Folders created between the check above and the watch starting.
      for (const m of [...missing]) if (existsSync(m)) appeared(m);
    });
  }
  return async () => {
    closed = true;
    clearTimeout(timer);
    await watcher?.close();
  };
}
