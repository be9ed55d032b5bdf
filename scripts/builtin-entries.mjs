// The built-in plugins' entry files, as source-relative .ts paths: each package pi-packages.json
// names, and in it each file of its package.json "pi.extensions" (default ./index.ts). The dist
// bundle and the start-up image both build from this list.
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

export function pluginEntries(root) {
  const { packages = [] } = JSON.parse(readFileSync(join(root, "pi-packages.json"), "utf8"));
  return packages.flatMap((p) => {
    const spec = typeof p === "string" ? p : p.source;
    // Built-ins are named by package name: "@pi-kernel/x" is plugins/x (compose/composition-names.ts).
    const dir = resolve(root, spec.startsWith("@pi-kernel/") ? join("plugins", spec.slice("@pi-kernel/".length)) : spec);
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    return (manifest.pi?.extensions ?? ["./index.ts"]).map((rel) => relative(root, resolve(dir, rel)));
  });
}
