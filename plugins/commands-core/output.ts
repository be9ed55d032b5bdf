// Where a command's text goes. With a UI (interactive, RPC) it is a notification. Without one:
// in print mode the text a user asked for (`pi -p /help`) is the run's output, so it goes to
// stdout, and problems (an unknown command) go to stderr; in the JSON mode stdout carries the
// event stream, so everything goes to stderr.
import type { PluginApi } from "pi-kernel";
import { writeRunOutput } from "../../lib/mode-kit/index.js";

export type Level = "info" | "warning" | "error";

export function say(api: PluginApi, text: string, level: Level = "info"): void {
  if (api.services.has("ui")) return api.services.use("ui").notify(text, level);
  const line = level === "info" ? text : `pi: ${text}`;
  const out = line.endsWith("\n") ? line : `${line}\n`;
  // stdout is taken over in the headless modes: a print run's requested text goes to the real one.
  if (api.flags.mode === "print" && level === "info") writeRunOutput(out);
  else process.stderr.write(out);
}
