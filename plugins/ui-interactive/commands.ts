// The UI's own slash commands: /hotkeys, /model, /theme, /copy, /quit.
import type { PluginApi } from "pi-kernel";
import { lastAssistantText } from "../../lib/mode-kit/index.js";
import type { InteractiveApp } from "./app.js";
import type { Actions } from "./actions.js";
import type { CommandDef } from "../../contracts/index.js";

/** The running app and its actions, when the interactive UI is up. */
export interface Live {
  app?: InteractiveApp;
  actions?: Actions;
}

const HOTKEYS: [string, string][] = [
  ["app.interrupt", "abort the agent / cancel"],
  ["app.clear", "clear the editor (twice: quit)"],
  ["app.exit", "quit (empty editor)"],
  ["app.thinking.cycle", "cycle thinking level"],
  ["app.model.select", "select model"],
  ["app.model.cycleForward", "next model"],
  ["app.model.cycleBackward", "previous model"],
  ["app.tools.expand", "expand / collapse tool output"],
  ["app.thinking.toggle", "show / hide thinking"],
  ["app.editor.external", "edit in $VISUAL / $EDITOR"],
  ["app.clipboard.pasteImage", "paste an image from the clipboard"],
  ["app.suspend", "suspend to the background (fg resumes)"],
  ["tui.input.submit", "send (while working: steer)"],
  ["app.message.followUp", "queue a follow-up"],
  ["app.message.dequeue", "pull queued messages back"],
  ["tui.input.newLine", "new line"],
  ["tui.editor.cursorWordLeft", "word left"],
  ["tui.editor.cursorWordRight", "word right"],
  ["tui.editor.deleteWordBackward", "delete word back"],
  ["tui.editor.deleteToLineStart", "delete to line start"],
  ["tui.editor.deleteToLineEnd", "delete to line end"],
  ["tui.editor.yank", "yank"],
  ["tui.editor.yankPop", "yank previous"],
  ["tui.editor.undo", "undo"],
  ["tui.editor.jumpForward", "jump to character"],
];

export function uiCommands(api: PluginApi, live: Live): CommandDef[] {
  const need = (): InteractiveApp => {
    if (!live.app) throw new Error("this command needs the interactive UI");
    return live.app;
  };
  const themes = () => api.services.get("themes");
  return [
    {
      name: "hotkeys",
      description: "Show keyboard shortcuts",
      source: "builtin",
      handler: async () => {
        const app = need();
        const { pluginShortcutRows } = await import("./shortcuts.js");
        const rows = HOTKEYS.map(([id, what]) => `${app.keys.keys(id).join(", ").padEnd(28)} ${what}`);
        app.notify(
          [
            "Keyboard shortcuts (change them in ~/.pi/agent/keybindings.json):",
            ...rows,
            "! cmd / !! cmd              run a shell command (!! keeps it out of context)",
            "/ and @                     complete commands and files",
            ...pluginShortcutRows(app),
          ].join("\n"),
        );
      },
    },
    {
      name: "model",
      description: "Select the model",
      argumentHint: "[search]",
      source: "builtin",
      handler: (args) => live.actions?.selectModel(args.trim()),
    },
    {
      name: "theme",
      description: "Select a theme",
      argumentHint: "[name]",
      source: "builtin",
      getArgumentCompletions: (prefix) =>
        themes()
          ?.list()
          .filter((t) => t.name.startsWith(prefix))
          .map((t) => ({ value: t.name })),
      handler: (args) => {
        need();
        live.actions?.selectTheme(args.trim());
      },
    },
    {
      name: "copy",
      description: "Copy the last answer to the clipboard",
      source: "builtin",
      handler: async () => {
        const app = need();
        const text = lastAssistantText(api.agent.messages)?.trim();
        if (!text) return "There is no answer to copy yet.";
        const { copyText } = await import("./clipboard-copy.js");
        const outcome = await copyText(text, (data) => app.term.write(data));
        if ("problem" in outcome) throw new Error(outcome.problem);
        return `Copied the last answer (${text.length} characters) via ${outcome.via}.`;
      },
    },
    {
      name: "quit",
      description: "Quit pi",
      source: "builtin",
      handler: () => need().exit(0),
    },
  ];
}
