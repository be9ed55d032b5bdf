// Checkpoints and rewind: before each user turn the workspace is snapshotted into a shadow git
// repository under the agent dir (.gitignore respected, files over `checkpoints.maxFileSize`
// skipped); `/rewind` (both UIs) and the RPC commands get_checkpoints, rewind and undo_rewind
// restore the files, the conversation (a branch of the session tree) or both. Off with
// `"checkpoints": {"enabled": false}`, in the home directory or / (too big to snapshot), and in a
// print or JSON run with --no-session: no later process can find its session to rewind to (an
// interactive or RPC --no-session run keeps them: /rewind works within the process).
//
// The snapshot code (the shadow repository, git, the store: ./open.ts) loads only where
// checkpoints are on, so a run without them (a --no-session print run) never loads it.
import { realpathSync } from "node:fs";
import { homedir } from "node:os";
import { definePlugin, isEvent, type PluginApi, type ToolEffect } from "pi-kernel";
import type { Checkpoints } from "./checkpoints.js";
import { rewindCommand } from "./command.js";
import { Stages } from "../../contracts/stages.js";

/** Effects that change no file in the workspace: such a call need not wait for the turn's snapshot. */
const READS_ONLY: ReadonlySet<ToolEffect> = new Set(["read", "search", "fetch"]);

export default definePlugin({
  name: "checkpoints",
  uses: ["file-mutations", "sessions", "ui"],
  setup(api) {
    const off = disabledReason(api);
    let warned = false;
    const warn = (message: string) => {
      if (warned) return;
      warned = true;
      api.diagnose({ level: "warning", code: "checkpoints-failed", message: `checkpoints: ${message}` });
    };
    // Opened on first use (the first user message, a tool call, /rewind), not at start-up: the
    // snapshot code and node:crypto are not on the path to the interactive UI's first frame.
    // Resolves to undefined when the snapshot code could not start (warned).
    let opened: Promise<Checkpoints | undefined> | undefined;
    const open = (): Promise<Checkpoints | undefined> =>
      (opened ??= import("./open.js")
        .then((m) => m.openCheckpoints(api, warn))
        .catch((error: unknown) => {
          warn((error as Error).message);
          return undefined;
        }));
    const ready = off ? undefined : open;
    const why = `Rewind is off: ${off ?? "checkpoints could not start (see the warning)"}`;
    api.register.command(
      rewindCommand(
        api,
        () => ready?.(),
        () => `${why}.`,
      ),
    );
    const need = async () => {
      const checkpoints = await ready?.();
      if (!checkpoints) throw new Error(why);
      return checkpoints;
    };
    api.register.rpcCommand({ name: "get_checkpoints", handler: async () => ({ checkpoints: await (await need()).list() }) });
    api.register.rpcCommand({
      name: "rewind",
      handler: async (cmd) => {
        if (typeof cmd.entryId !== "string") throw new Error('Missing or invalid field "entryId": expected a string');
        const { restoredFiles, leafId } = await (await need()).rewind(cmd.entryId, {
          files: cmd.files === true,
          conversation: cmd.conversation === true,
        });
        return { restoredFiles, leafId };
      },
    });
    api.register.rpcCommand({ name: "undo_rewind", handler: async () => (await need()).undo() });
    if (!ready) return;
    // A print or JSON run sends its message as soon as it has started: the snapshot code is loaded
    // now (while start-up waits anyway), so the turn's snapshot starts the moment the message ends.
    if (api.flags.mode === "print" || api.flags.mode === "json") void ready();
    // In order: a capture is asked for before any later hook waits on it, so a tool call's
    // idle() below always sees the capture of its turn.
    api.on("event", (event) => {
      if (isEvent(event, "message_end") && event.message.role === "user") {
        const at = event.message.timestamp;
        void ready().then((checkpoints) => checkpoints?.capture(at));
      }
    });
    // No tool that may change files runs before the snapshot of the turn it belongs to is taken;
    // what a tool may do is what it declares (a reading, searching or fetching one need not wait).
    api.on(
      "toolCall",
      async (event) => {
        const effect = api.registry.get("tool", event.toolName)?.effect ?? "other";
        if (!READS_ONLY.has(effect)) await (await ready())?.idle();
      },
      { stage: Stages.SNAPSHOT },
    );
    // Nothing to wait for when no snapshot was ever asked for.
    api.on("shutdown", async () => (await opened)?.idle());
  },
});

function realHome(): string | undefined {
  try {
    return realpathSync(homedir());
  } catch {
    return undefined;
  }
}

function disabledReason(api: PluginApi): string | undefined {
  if ((api.settings.checkpoints as { enabled?: unknown } | undefined)?.enabled === false)
    return 'the setting "checkpoints.enabled" is false';
  const oneShot = api.flags.mode === "print" || api.flags.mode === "json";
  if (oneShot && api.flags.session === false) return "a --no-session print run leaves no session to rewind";
  let cwd = api.cwd;
  try {
    cwd = realpathSync(api.cwd);
  } catch {
    return `the working directory ${api.cwd} cannot be read`;
  }
  if (cwd === "/" || cwd === homedir() || cwd === realHome()) return `${cwd} is the home directory or the root, too large to snapshot`;
  return undefined;
}
