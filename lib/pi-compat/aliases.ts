// pi's package names, as pi extensions import them, mapped to pi-kernel's own modules here.
// The CLI and the SDK hand this map to the kernel's loader (setImportAliases) before any plugin
// is imported. The compiled copy is used when present (no transpiling on the start-up path).
import { existsSync } from "node:fs";
import { join } from "node:path";

const SCOPES = ["@mariozechner", "@earendil-works"];
const PACKAGES: Record<string, string> = {
  "pi-coding-agent": "coding-agent",
  "pi-ai/compat": "ai",
  "pi-ai/oauth": "ai",
  "pi-ai": "ai",
  "pi-agent-core": "agent-core",
  "pi-tui": "tui",
};
const TYPEBOX: Record<string, string> = {
  "typebox/compile": "typebox-compile",
  "typebox/compiler": "typebox-compile",
  "typebox/value": "typebox-value",
  typebox: "typebox",
  "@sinclair/typebox/compiler": "typebox-compile",
  "@sinclair/typebox/value": "typebox-value",
};

/** Module name → file, for a pi-kernel install rooted at `packageRoot`. */
export function piModuleAliases(packageRoot: string): Record<string, string> {
  const file = (name: string) => {
    const compiled = join(packageRoot, "dist", "lib", "pi-compat", `${name}.js`);
    return existsSync(compiled) ? compiled : join(packageRoot, "lib", "pi-compat", `${name}.ts`);
  };
  const out: Record<string, string> = {};
  for (const scope of SCOPES) {
    for (const [pkg, mod] of Object.entries(PACKAGES)) out[`${scope}/${pkg}`] = file(mod);
  }
  for (const [name, mod] of Object.entries(TYPEBOX)) out[name] = file(mod);
  return out;
}
