// The one slash-command dispatcher. `/name args` runs the command of that name: built-in and
// extension commands claim the input first (Stage.EARLY, before other input hooks, as in pi);
// prompt templates and skills expand last (Stage.LATE). An unknown command is answered with a
// suggestion and never reaches the model. A command returns nothing (handled), a string (text
// shown to the user: see output.ts) or `{action: "transform", text}` (what the model gets).
import { definePlugin, Stage, type InputEvent, type InputResult, type PluginApi } from "pi-kernel";
import { type CommandLine, type CommandsService, parseCommandLine } from "../../lib/resource-kit/index.js";
import { CommandCatalog } from "./catalog.js";
import { helpText } from "./help.js";
import { say } from "./output.js";
import { suggest } from "./suggest.js";
import type { CommandDef } from "../../contracts/index.js";

export default definePlugin({
  name: "commands-core",
  uses: ["ui"],
  provides: ["commands"],
  setup(api) {
    const catalog = new CommandCatalog(api);
    const service: CommandsService = {
      list: () => catalog.list(),
      complete: (text) => catalog.complete(text),
      expand: (text) => catalog.expand(text),
      addSource: (source) => catalog.addSource(source),
    };
    api.services.provide("commands", service);
    api.register.command({
      name: "help",
      description: "List the available commands (optionally only those matching a word)",
      argumentHint: "[filter]",
      source: "builtin",
      handler: async (args) => helpText(await catalog.list(), args),
    });
    api.register.command({
      name: "reload",
      description: "Reload extensions, plugins, skills, prompt templates and themes from disk",
      source: "builtin",
      handler: async () => {
        await api.actions.reload();
        return "Reloaded extensions, skills, prompt templates and themes.";
      },
    });
    api.on(
      "input",
      (event) => {
        const line = parseCommandLine(event.text);
        const command = line && catalog.registered().find((c) => c.name === line.name);
        return command ? run(api, command, line, event) : undefined;
      },
      { stage: Stage.EARLY },
    );
    api.on(
      "input",
      async (event) => {
        const line = parseCommandLine(event.text);
        if (!line) return undefined;
        const all = await catalog.list();
        const command = all.find((c) => c.name === line.name);
        if (command) return run(api, command, line, event);
        const close = suggest(
          line.name,
          all.map((c) => c.name),
        );
        const hint = close.length ? ` Did you mean ${close.map((n) => `/${n}`).join(", ")}?` : "";
        say(
          api,
          `Unknown command /${line.name}.${hint} (/help lists the commands; start the message with a space to send it as text.)`,
          "warning",
        );
        return { action: "handled" };
      },
      { stage: Stage.LATE },
    );
  },
});

async function run(api: PluginApi, command: CommandDef, line: CommandLine, event: InputEvent): Promise<InputResult> {
  let result: unknown;
  try {
    result = await command.handler(line.args, { args: line.args, api });
  } catch (error) {
    say(api, `/${command.name} failed: ${error instanceof Error ? error.message : String(error)}`, "error");
    return { action: "handled" };
  }
  if (isTransform(result)) return { action: "transform", text: result.text, images: result.images ?? event.images };
  // current(): the command may have replaced the plugin generation (/reload).
  if (typeof result === "string" && result) say(api, result);
  return { action: "handled" };
}

function isTransform(value: unknown): value is Extract<InputResult, { action: "transform" }> {
  const v = value as { action?: unknown; text?: unknown } | undefined;
  return v?.action === "transform" && typeof v.text === "string";
}
