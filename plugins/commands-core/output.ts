// Where a command's text goes. With a UI (interactive, RPC) it is a notification. Without one:
// in print mode the text a user asked for (`pi -p /help`) is the run's output, so it goes to
// stdout, and problems (an unknown command) go to stderr; in the JSON mode stdout carries the
// event stream, so everything goes to stderr.
import type { PluginApi } from "pi-kernel";

export type Level = "info" | "warning" | "error";

export function say(api: PluginApi, text: string, level: Level = "info"): void {
  if (api.services.has("ui")) return api.services.use("ui").notify(text, level);
  const toStdout = api.flags.mode === "print" && level === "info";
  const stream = toStdout ? process.stdout : process.stderr;
  const line = level === "info" ? text : `pi: ${text}`;
  stream.write(line.endsWith("\n") ? line : `${line}\n`);
}
