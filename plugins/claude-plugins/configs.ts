// A Claude Code plugin's hooks and MCP configs as its plugin.json points at them: a file
// (`hooks/hooks.json`, `.mcp.json`, or paths it lists) or an object inline. Claude Code writes
// both with and without a wrapper (`{"description", "hooks": {...}}` / the events alone;
// `{"mcpServers": {...}}` / the servers alone), so both are read.
import { readFileSync } from "node:fs";
import type { ClaudeConfigRef } from "../../contracts/package-resources.js";

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** The JSON a ref stands for; a file that cannot be read or parsed throws, naming it. */
export function configValue(ref: ClaudeConfigRef): unknown {
  if (ref.value !== undefined) return ref.value;
  try {
    return JSON.parse(readFileSync(ref.file, "utf8"));
  } catch (error) {
    throw new Error(`${ref.file}: ${(error as Error).message}`);
  }
}

/** The `{Event: [...]}` map of a hooks config. */
export function hooksOf(value: unknown): unknown {
  return isObject(value) && isObject(value.hooks) ? value.hooks : value;
}

/** A config in mcp.json's shape (`{"mcpServers": {...}}`). */
export function mcpConfigOf(value: unknown): unknown {
  return isObject(value) && value.mcpServers === undefined ? { mcpServers: value } : value;
}
