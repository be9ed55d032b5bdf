// The one-line description of a configured server shared by `pi mcp list`, `pi mcp get` and `/mcp`:
// scope, transport, the command or URL (never env or header values), state and tool count.
import { type McpServerConfig, redactConfig, transportOf } from "./config.js";

/** What a line shows; the `mcp` service's McpServerStatus has these fields. */
export interface McpListEntry {
  name: string;
  scope: string;
  transport: string;
  state: string;
  error?: string;
  tools?: string[];
}

/** `command args…` for stdio, the URL otherwise. */
export function targetOf(config: McpServerConfig): string {
  return transportOf(config) === "stdio" ? [config.command ?? "", ...(config.args ?? [])].join(" ") : (config.url ?? "");
}

export function formatServerLine(entry: McpListEntry, target?: string): string {
  const tools = entry.tools && entry.state === "connected" ? `, ${entry.tools.length} tool${entry.tools.length === 1 ? "" : "s"}` : "";
  const why = entry.error ? ` (${entry.error})` : "";
  return `${entry.name}  [${entry.scope}, ${entry.transport}]${target ? `  ${target}` : ""}  ${entry.state}${tools}${why}`;
}

/** `pi mcp get`: the config as lines of `key: value`, with env and header values hidden. */
export function formatServerDetails(name: string, scope: string, file: string, given: McpServerConfig): string {
  const config = redactConfig(given);
  const lines = [`${name}`, `  scope: ${scope}`, `  file: ${file}`, `  transport: ${transportOf(config)}`];
  if (config.command !== undefined) lines.push(`  command: ${config.command}`);
  if (config.args?.length) lines.push(`  args: ${config.args.join(" ")}`);
  if (config.cwd !== undefined) lines.push(`  cwd: ${config.cwd}`);
  if (config.url !== undefined) lines.push(`  url: ${config.url}`);
  if (config.env)
    lines.push(
      `  env: ${Object.entries(config.env)
        .map(([k, v]) => `${k}=${v}`)
        .join(" ")}`,
    );
  if (config.headers)
    lines.push(
      `  headers: ${Object.entries(config.headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join(", ")}`,
    );
  if (config.defer !== undefined) lines.push(`  defer: ${config.defer}`);
  if (config.timeoutMs !== undefined) lines.push(`  timeoutMs: ${config.timeoutMs}`);
  if (config.disabled) lines.push("  disabled: true");
  return lines.join("\n");
}
