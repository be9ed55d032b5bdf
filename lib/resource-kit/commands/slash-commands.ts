// pi's SlashCommandInfo list ({name, description, source, sourceInfo}), as RPC get_commands and
// an extension's pi.getCommands() return it: every command but the built-ins, asked live from the
// "commands" service (a template written a moment ago is listed, a deleted one is gone).
import type { PluginApi } from "pi-kernel";
import type { CommandDef } from "../../../contracts/index.js";

type SourceInfo = NonNullable<CommandDef["sourceInfo"]>;
export interface SlashCommandInfo {
  name: string;
  description?: string;
  source: "extension" | "prompt" | "skill";
  sourceInfo: SourceInfo;
}

export async function slashCommands(api: PluginApi): Promise<SlashCommandInfo[]> {
  // Without commands-core nothing dispatches templates or skills: the registry is all there is.
  return describe(api, api.services.has("commands") ? await api.services.use("commands").list() : api.registry.list("command"));
}

const ORDER = ["extension", "prompt", "skill"];

/**
 * The same list at once, for pi's synchronous `pi.getCommands()`: read from the registry, where
 * the live sources keep their commands registered (lib/resource-kit/commands/live-commands.ts), in pi's order
 * (extension commands, prompt templates, skills).
 */
export function slashCommandsNow(api: PluginApi): SlashCommandInfo[] {
  const all = describe(api, api.registry.list("command"));
  return all.sort((a, b) => ORDER.indexOf(a.source) - ORDER.indexOf(b.source));
}

function describe(api: PluginApi, all: CommandDef[]): SlashCommandInfo[] {
  return all
    .filter((c) => c.source !== "builtin")
    .map((c): SlashCommandInfo => {
      const source = c.source === "prompt" || c.source === "skill" ? c.source : "extension";
      return { name: c.name, description: c.description, source, sourceInfo: c.sourceInfo ?? pluginInfo(api, c.name) };
    });
}

/**
 * A command a pi-kernel plugin registered without saying where it comes from: named after the
 * plugin, in pi's form for resources without a file (`<name>`, scope "temporary").
 */
function pluginInfo(api: PluginApi, name: string): SourceInfo {
  const owner = api.registry.owner("command", name) ?? "unknown";
  return { path: `<${owner}>`, source: owner, scope: "temporary", origin: "top-level" };
}
