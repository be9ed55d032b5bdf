// pi needs Node 22.19 or newer and pi-kernel runs on 20.19, so a package written for pi may need a
// newer Node than the one running (context-mode uses node:sqlite on 22; on 20 it falls back to a
// native addon and fails to load). When a package of this run declares an `engines.node` range the
// running Node does not satisfy, the user is told at start-up, with the package named, instead of
// silently losing its tools. Ranges are read with `semver` (npm's own range parser).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PluginApi } from "pi-kernel";
import semver from "semver";

/** Warns once per package and run (a reload sets pi-compat up again). */
export function checkNodeEngines(api: PluginApi, node = process.versions.node): void {
  const warned = api.keep("node-engine-warned", () => new Set<string>());
  for (const origin of api.services.get("package-resources")?.origins ?? []) {
    const pkg = readManifest(origin.baseDir);
    const range = typeof pkg?.engines?.node === "string" ? pkg.engines.node : undefined;
    if (!range || warned.has(origin.baseDir)) continue;
    const valid = semver.validRange(range);
    if (!valid || semver.satisfies(node, valid, { includePrerelease: true })) continue;
    warned.add(origin.baseDir);
    const name = typeof pkg?.name === "string" ? pkg.name : origin.source;
    api.diagnose({
      level: "warning",
      code: "node-engine",
      where: join(origin.baseDir, "package.json"),
      message:
        `package ${name} needs Node ${range} (its engines.node) and this is Node ${node}: ` +
        "its extensions may fail to load or lose features; run pi-kernel on a Node that satisfies it " +
        '(docs/usage/packages-and-composition.md, "Node versions and native dependencies")',
    });
  }
}

function readManifest(dir: string): { name?: unknown; engines?: { node?: unknown } } | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: unknown; engines?: { node?: unknown } };
  } catch {
    return undefined;
  }
}
