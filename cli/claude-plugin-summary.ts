// What `pi install` says it installed when the package is a Claude Code plugin: its name and the
// number of each of its parts (commands, agents, skills, hook files, MCP configs).
import { claudePluginCounts } from "../lib/packages/index.js";

/** "Claude Code plugin <name>: 1 commands, 3 agents, ..." or undefined for a pi package. */
export function claudePluginSummary(dir: string): string | undefined {
  const counts = claudePluginCounts(dir);
  if (!counts) return undefined;
  const { name, ...parts } = counts;
  return `Claude Code plugin ${name}: ${Object.entries(parts)
    .map(([k, v]) => `${v} ${k}`)
    .join(", ")}`;
}
