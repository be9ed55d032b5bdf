// Which environment variables hold provider keys: every one this plugin reads a key from, that is
// each built-in provider's (ENV_KEYS) and every `apiKey` in models.json, auth.json or an added
// provider that names a set variable. Shell children (the bash tool, `!cmd`) go without them
// unless settings `shell.passProviderKeys` is true (docs/usage/security.md).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ENV_KEYS } from "./builtin.js";
import { parseJsonc } from "./jsonc.js";

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `configured`: the apiKey values of models.json and added providers (a string, or a list of them). */
export function keyVariables(agentDir: string, configured: unknown[], env: NodeJS.ProcessEnv = process.env): string[] {
  const names = new Set(Object.values(ENV_KEYS));
  for (const value of [...configured, ...storedValues(agentDir)].flat()) {
    if (typeof value === "string" && NAME.test(value) && env[value] !== undefined) names.add(value);
  }
  return [...names].sort();
}

/** auth.json's key values; a missing or broken file (reported where keys are read) gives none. */
function storedValues(agentDir: string): unknown[] {
  try {
    const data = parseJsonc(readFileSync(join(agentDir, "auth.json"), "utf8"));
    if (!data || typeof data !== "object") return [];
    return Object.values(data as Record<string, { key?: unknown }>).map((entry) => entry?.key);
  } catch {
    return [];
  }
}
