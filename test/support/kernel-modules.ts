// What the composition root hands every kernel, for tests that build kernels themselves: the
// shared module instances and the import aliases pi-compat declares in its manifest (a test that
// loads pi-compat inline has no discovered manifest to read them from).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { sharedModules } from "../../compose/shared-modules.js";

const PI_COMPAT = fileURLToPath(new URL("../../plugins/pi-compat/", import.meta.url));

export function piCompatAliases(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(resolve(PI_COMPAT, "package.json"), "utf8")) as {
    "pi-kernel": { importAliases: Record<string, string> };
  };
  return Object.fromEntries(Object.entries(manifest["pi-kernel"].importAliases).map(([name, rel]) => [name, resolve(PI_COMPAT, rel)]));
}

export async function kernelModules(): Promise<{ modules: Record<string, unknown>; aliases: Record<string, string> }> {
  return { modules: await sharedModules(), aliases: piCompatAliases() };
}
