// Checkpoints and rewind: before the first tool call of a user turn that may change files, the
// workspace is snapshotted into a shadow git repository under the agent dir (.gitignore respected, files over `checkpoints.maxFileSize`
// skipped); `/rewind` (both UIs) and the RPC commands get_checkpoints, rewind and undo_rewind
// restore the files, the conversation (a branch of the session tree) or both. Off with
// `"checkpoints": {"enabled": false}`, in the home directory or / (too big to snapshot), and in a
// print or JSON run with --no-session: no later process can find its session to rewind to (an
// interactive or RPC --no-session run keeps them: /rewind works within the process).
//
// The snapshot code (the shadow repository, git, the store: ./open.ts) loads only where
// checkpoints are on and a snapshot or /rewind is asked for: a turn that only answers (or only
// reads) takes no snapshot and spawns no git; its message is marked (./marks.ts) and has the files
// of the next snapshot taken after it (./store.ts).
import { realpathSync } from "node:fs";
import { homedir } from "node:os";
import { definePlugin, isEvent, type PluginApi, type ToolEffect } from "pi-kernel";
import type { Checkpoints } from "./checkpoints.js";
import { rewindCommand } from "./command.js";
import { Stages } from "../../contracts/stages.js";
import type { IndexRecord } from "./store.js";
import { Turns } from "./turns.js";

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
    // Opened on first use (a tool call that may change files, /rewind, the RPC commands), not at
    // start-up: the snapshot code and node:crypto are not on the path to the interactive UI's first frame.
    // Resolves to undefined when the snapshot code could not start (warned).
    let opened: Promise<Checkpoints | undefined> | undefined;
    const turns = new Turns();
    const open = (): Promise<Checkpoints | undefined> =>
      (opened ??= import("./open.js")
        .then((m) => m.openCheckpoints(api, warn, (at) => turns.sentHere(at)))
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
    const sessionId = () => api.services.get("sessions")?.id ?? "";
    // Records written without the snapshot code; the process's exit waits for them.
    let marking: Promise<void> = Promise.resolve();
    const mark = (records: IndexRecord[]) => {
      marking = marking
        .then(() => import("./marks.js"))
        .then((m) => m.appendRecords(api.agentDir, api.cwd, records))
        .catch((error: Error) => warn(`could not record the turn: ${error.message}`));
    };
    api.on("event", (event) => {
      if (isEvent(event, "message_end") && event.message.role === "user") turns.messageSent(event.message.timestamp);
      else if (isEvent(event, "agent_end")) {
        const skipped = turns.endRun();
        if (skipped.length > 0) mark(skipped.map((messageTimestamp) => ({ messageTimestamp, sessionId: sessionId(), skipped: true })));
      }
    });
    // No tool that may change files runs before a snapshot taken after the last user message (the
    // first such call asks for it, concurrent ones wait for it too); what a tool may do is what it
    // declares (a reading, searching or fetching one need not wait).
    api.on(
      "toolCall",
      async (event) => {
        const effect = api.registry.get("tool", event.toolName)?.effect ?? "other";
        if (READS_ONLY.has(effect)) return;
        const checkpoints = await ready();
        // Taken after the wait, in one tick with the capture: a concurrent call finds it taken and waits below.
        const due = turns.take();
        if (due && checkpoints) checkpoints.capture(due);
        else if (due) {
          // The tools run on unprotected: no earlier skipped turn may be resolved past this point.
          const failed = { sessionId: sessionId(), takenAt: Date.now(), failed: true } as const;
          mark(due.length ? due.map((messageTimestamp) => ({ messageTimestamp, ...failed })) : [failed]);
        }
        await checkpoints?.idle();
      },
      { stage: Stages.SNAPSHOT },
    );
    // Nothing to wait for when no snapshot was ever asked for.
    api.on("shutdown", async () => {
      await (await opened)?.idle();
      await marking;
    });
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
