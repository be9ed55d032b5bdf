// Watches one file for edits. Editors often save by writing a new file and renaming it over the
// old one, which ends a watch on the file itself, so the directory is watched and filtered.
import { watch, type FSWatcher } from "node:fs";
import { basename, dirname } from "node:path";

const DEBOUNCE_MS = 100;

export function watchFile(path: string, onChange: () => void): () => void {
  const name = basename(path);
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(path), (_event, file) => {
      if (file !== null && file.toString() !== name) return;
      clearTimeout(timer);
      timer = setTimeout(onChange, DEBOUNCE_MS);
    });
    watcher.on("error", () => watcher?.close());
    watcher.unref();
  } catch {
    return () => {};
  }
  return () => {
    clearTimeout(timer);
    watcher?.close();
  };
}
