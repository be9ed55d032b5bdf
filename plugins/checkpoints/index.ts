// Checkpoints and rewind: before each user turn the workspace is snapshotted into a shadow git
// repository under the agent dir (.gitignore respected, files over `checkpoints.maxFileSize`
// skipped); `/rewind` (both UIs) and the RPC commands get_checkpoints, rewind and undo_rewind
// restore the files, the conversation (a branch of the session tree) or both. Off with
// `"checkpoints": {"enabled": false}`, in the home directory or / (too big to snapshot), and in a
// print or JSON run with --no-session: no later process can find its session to rewind to (an
// interactive or RPC --no-session run keeps them: /rewind works within the process).
import { realpathSync } from "node:fs";
import { homedir } from "node:os";
import { definePlugin, isEvent, type PluginApi, Stage } from "pi-kernel";
import { Checkpoints } from "./checkpoints.js";
import { rewindCommand } from "./command.js";
import { ShadowRepo, shadowDir } from "./shadow.js";
import { CheckpointStore } from "./store.js";

const DEFAULT_MAX_FILE_SIZE = 2 * 1024 * 1024;

export default definePlugin({
  name: "checkpoints",
  uses: ["sessions", "ui"],
  setup(api) {
    const off = disabledReason(api);
    let warned = false;
    const warn = (message: string) => {
      if (warned) return;
      warned = true;
      api.current().diagnose({ level: "warning", code: "checkpoints-failed", message: `checkpoints: ${message}` });
    };
    const checkpoints = off ? undefined : create(api, warn);
    api.register.command(
      rewindCommand(
        api,
        () => checkpoints,
        () => `Rewind is off: ${off}.`,
      ),
    );
    const need = () => {
      if (!checkpoints) throw new Error(`Rewind is off: ${off}`);
      return checkpoints;
    };
    api.register.rpcCommand({ name: "get_checkpoints", handler: async () => ({ checkpoints: await need().list() }) });
    api.register.rpcCommand({
      name: "rewind",
      handler: async (cmd) => {
        if (typeof cmd.entryId !== "string") throw new Error('Missing or invalid field "entryId": expected a string');
        const { restoredFiles, leafId } = await need().rewind(cmd.entryId, {
          files: cmd.files === true,
          conversation: cmd.conversation === true,
        });
        return { restoredFiles, leafId };
      },
    });
    api.register.rpcCommand({ name: "undo_rewind", handler: async () => need().undo() });
    if (!checkpoints) return;
    api.on("event", (event) => {
      if (isEvent(event, "message_end") && event.message.role === "user") checkpoints.capture(event.message.timestamp);
    });
    // No tool runs before the snapshot of the turn it belongs to is taken.
    api.on("toolCall", async () => void (await checkpoints.idle()), { stage: Stage.EARLY - 10 });
    api.on("shutdown", () => checkpoints.idle());
  },
});

function create(api: PluginApi, warn: (message: string) => void): Checkpoints {
  const workspace = realpathSync(api.cwd);
  const max = (api.settings.checkpoints as { maxFileSize?: unknown } | undefined)?.maxFileSize;
  const repo = new ShadowRepo(
    shadowDir(api.agentDir, workspace),
    workspace,
    typeof max === "number" && max > 0 ? max : DEFAULT_MAX_FILE_SIZE,
  );
  return new Checkpoints(() => api.current(), repo, new CheckpointStore(repo.dir), warn);
}

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
