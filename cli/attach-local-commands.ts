// The slash commands `pi attach` runs itself rather than sending them to the server: those that only
// concern this terminal. They are the commands the terminal UI's own plugins register (ui-interactive:
// /hotkeys, /copy, /quit, /theme, /model; ui-fullscreen: /ui inline|fullscreen), taken from those
// plugins rather than listed here, so a UI command added there is local here too. The server's
// copies of them (listed by its get_commands) would only find that it has no terminal.
import type { PluginApi } from "pi-kernel";
import type { CommandDef } from "../contracts/commands.js";
import uiFullscreen from "../plugins/ui-fullscreen/index.js";
import { type Live, uiCommands } from "../plugins/ui-interactive/commands.js";

/** The local commands by name; `register` is where the remote api sends a plugin's registrations. */
export async function localCommands(api: PluginApi, live: Live, registered: CommandDef[]): Promise<Map<string, CommandDef>> {
  // ui-fullscreen registers /ui (and provides its frame) on the remote api, as it would on a local one.
  await uiFullscreen.setup(api);
  return new Map([...uiCommands(api, live), ...registered].map((c) => [c.name, c]));
}

/** Runs `/name args` when it is local; false when the server should get it. */
export async function runLocal(commands: Map<string, CommandDef>, api: PluginApi, message: string): Promise<unknown> {
  const m = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(message.trim());
  const command = m && commands.get(m[1]);
  if (!command) return false;
  const args = m[2] ?? "";
  const said = await command.handler(args, { args, api });
  const ui = api.services.get("ui");
  if (typeof said === "string" && said) ui?.notify(said);
  return true;
}
