// The identity of a pi extension (a default-exported factory, which has no name of its own): its
// package and its entry file, `@aliou/pi-processes:extensions/processes.ts`, so each entry file of a
// package is a plugin of its own (a package with three extensions loads three plugins, none
// replacing another), and diagnostics say which file of which package failed. A lone file (a file
// in an extensions dir, `-e file.ts`) keeps its file name. Plugins written with definePlugin
// name themselves; this name is only their fallback.
import { basename, sep } from "node:path";
import type { PluginSource } from "../kernel/index.js";
import { packageName } from "../lib/packages/index.js";
import { relativeInside } from "../lib/path-kit/index.js";

export function withIdentities(sources: PluginSource[]): PluginSource[] {
  const labels = new Map<string, string>();
  return sources.map((s) => {
    const rel = s.root ? relativeInside(s.root, s.file) : undefined;
    if (!rel || rel.startsWith("..")) return s;
    if (!labels.has(s.root)) labels.set(s.root, packageName(s.root) ?? basename(s.root));
    return { ...s, name: `${labels.get(s.root)}:${rel.split(sep).join("/")}` };
  });
}
