// Watches the MCP config files through the one watching facility (lib/resource-kit watchPaths:
// debounced, unchanged saves skipped, and a config folder that does not exist yet, such as a
// project's `.pi/`, waited for from its nearest existing ancestor, so `mkdir -p .pi && write
// .pi/mcp.json` mid-session is picked up too).
import { watchPaths } from "../../lib/resource-kit/index.js";

const DEBOUNCE_MS = 150;

export function watchConfig(files: string[], changed: () => void, onError: (message: string) => void): () => Promise<void> {
  const watcher = watchPaths(files, () => changed(), {
    debounceMs: DEBOUNCE_MS,
    onError: (message) => onError(`MCP config ${message}`),
  });
  return () => watcher.close();
}
