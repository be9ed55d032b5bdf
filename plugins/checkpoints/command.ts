// `/rewind`: pick a user turn (newest first, with the files changed since), then what to restore:
// code and conversation, the conversation only, or the code only. "Undo the last rewind" comes
// first when there is one. Without a UI (`pi -p /rewind`) it lists the checkpoints as text;
// RPC clients use get_checkpoints / rewind / undo_rewind.
import type { CommandDef } from "../../contracts/commands.js";
import type { PluginApi } from "pi-kernel";
import type { CheckpointInfo, Checkpoints, RewindResult } from "./checkpoints.js";

const UNDO = "↶ Undo the last rewind";
const ACTIONS = {
  "Restore code and conversation": { files: true, conversation: true },
  "Restore conversation only": { files: false, conversation: true },
  "Restore code only": { files: true, conversation: false },
} as const;

export function rewindCommand(
  api: PluginApi,
  checkpoints: () => Promise<Checkpoints | undefined> | undefined,
  why: () => string,
): CommandDef {
  return {
    name: "rewind",
    description: "Rewind the files and/or the conversation to before a user message (undoable)",
    source: "builtin",
    handler: async () => {
      const cp = await checkpoints();
      if (!cp) return why();
      const list = (await cp.list()).reverse();
      const ui = api.services.get("ui");
      if (!ui) return list.length ? list.map(line).join("\n") : "No checkpoints on this branch yet.";
      const options = [...(cp.canUndo() ? [UNDO] : []), ...list.map(line)];
      if (options.length === 0) return "No checkpoints on this branch yet: each message you send is one.";
      const picked = await ui.select("Rewind to before which message?", options);
      if (!picked) return undefined;
      if (picked === UNDO) return report(await cp.undo(), "Undid the last rewind");
      const target = list[options.indexOf(picked) - (cp.canUndo() ? 1 : 0)];
      const action = await ui.select(`Rewind to before "${clip(target.text, 60)}"`, [...Object.keys(ACTIONS), "Cancel"]);
      if (!action || !(action in ACTIONS)) return undefined;
      const result = await cp.rewind(target.entryId, ACTIONS[action as keyof typeof ACTIONS]);
      if (result.editorText !== undefined) ui.setEditorText(result.editorText);
      return report(result, "Rewound");
    },
  };
}

function line(c: CheckpointInfo): string {
  const time = new Date(c.timestamp).toLocaleTimeString();
  const files =
    c.files.length === 0
      ? "no file changes since"
      : `${c.files.length} file${c.files.length === 1 ? "" : "s"} changed since: ${clip(c.files.join(", "), 60)}`;
  return `${time}  ${clip(c.text, 50)}  · ${files}`;
}

function report(r: RewindResult, what: string): string {
  const files = r.restoredFiles.length ? `${r.restoredFiles.length} file(s) restored: ${r.restoredFiles.join(", ")}` : "no files changed";
  return `${what}: ${files}. /rewind can undo it.`;
}

function clip(text: string, max: number): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}
