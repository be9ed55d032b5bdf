// pi needs Node 22.19 or newer and pi-kernel runs on 20.19, so a package written for pi may need a
// newer Node than the one running (context-mode uses node:sqlite on 22; on 20 it falls back to a
// native addon and fails to load). When a package of this run declares an `engines.node` range the
// running Node does not satisfy, the user is told at start-up, with the package named, instead of
// silently losing its tools. Ranges are read with `semver` (npm's own range parser).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { PluginApi } from "pi-kernel";
import semver from "semver";

/** Warns once per package and run (a reload sets pi-compat up again). */
export function checkNodeEngines(api: PluginApi, node = process.versions.node): void {
  for (const origin of api.services.get("package-resources")?.origins ?? []) checkPackage(api, origin.baseDir, origin.source, node);
}

/** The package an extension file belongs to (`-e <folder>` is no installed package): its nearest package.json. */
export function checkPackageOf(api: PluginApi, file: string, node = process.versions.node): void {
  for (let dir = dirname(file), i = 0; i < 8 && dir !== dirname(dir); dir = dirname(dir), i++) {
    if (!existsSync(join(dir, "package.json"))) continue;
    return checkPackage(api, dir, dir, node);
  }
}

function checkPackage(api: PluginApi, baseDir: string, source: string, node: string): void {
  const warned = api.keep("node-engine-warned", () => new Set<string>());
  const pkg = readManifest(baseDir);
  const range = typeof pkg?.engines?.node === "string" ? pkg.engines.node : undefined;
  if (!range || warned.has(baseDir)) return;
  const valid = semver.validRange(range);
  if (!valid || semver.satisfies(node, valid, { includePrerelease: true })) return;
  warned.add(baseDir);
  const name = typeof pkg?.name === "string" ? pkg.name : source;
  api.diagnose({
    level: "warning",
    code: "node-engine",
    where: join(baseDir, "package.json"),
    message:
      `package ${name} needs Node ${range} (its engines.node) and this is Node ${node}: ` +
      "its extensions may fail to load or lose features; run pi-kernel on a Node that satisfies it " +
      '(docs/usage/packages-and-composition.md, "Node versions and native dependencies")',
  });
}

function readManifest(dir: string): { name?: unknown; engines?: { node?: unknown } } | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: unknown; engines?: { node?: unknown } };
  } catch {
    return undefined;
  }
}
