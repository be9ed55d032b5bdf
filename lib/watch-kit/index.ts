// The one file-watching facility, a toolkit of its own so the composition root (checked with the
// stricter tsconfig, and loaded by every start) can hand it to the plugin host without loading the
// resource kit: debounced callbacks, saves that change nothing skipped, a trailing re-hash for
// chokidar's throttle, and targets that do not exist yet. Resource plugins reach it through
// lib/resource-kit, which re-exports it.
export { type PathWatcher, type WatchPathsOptions, watchPaths } from "./watch-paths.js";
