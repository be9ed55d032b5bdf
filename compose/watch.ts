// How the plugin host watches plugin files: the one file-watching facility (lib/watch-kit's
// watchPaths: one debounce, one content-hash skip, folders that do not exist yet), loaded only
// when a long-lived mode watches, so print runs never load it or chokidar. The kernel owns no
// watcher; it is handed this one.
import type { WatchFactory } from "../kernel/index.js";
import { ReloadStormGuard } from "./reload-storm.js";

/**
 * Past an editor's several writes of one save: they come microseconds apart (truncate and write, or
 * write a temporary file and rename it), so a short wait keeps save → live fast (issue 31's 50 ms). A
 * write that still lands later is caught by watchPaths' trailing re-hash and reloads once more.
 */
const DEBOUNCE_MS = 5;

export const watchPlugins: WatchFactory = async (targets, onChange, onError) => {
  const { watchPaths } = await import("../lib/watch-kit/index.js");
  const storms = new ReloadStormGuard((message) => onError?.(message));
  const reload = (paths: string[]) => {
    const passed = storms.pass(paths);
    if (passed.length > 0) onChange(passed);
  };
  const watcher = watchPaths(targets, reload, { debounceMs: DEBOUNCE_MS, onError });
  // A reload test (or a user) that saves right after start-up must be seen: start() returns once watched.
  await watcher.ready;
  return watcher;
};
