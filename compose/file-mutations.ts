// The one per-file mutation queue of this process (the "file-mutations" service). Every file a
// tool writes or edits, a pi extension's withFileMutationQueue, ACP's client writes (through the
// tools) and checkpoints' restores queue here, so two writers of one file, in this agent or in a
// child agent composed in the same process (subagents), never both read the old text and drop
// each other's edit.
//
// Why the composition root holds it: a lock table is process-wide by nature (the file system is
// shared by everything in the process), yet shared library code holds no state and per-plugin
// state (api.keep) lives in one kernel, which a child agent does not share. So the top-level
// composition creates the queue once, provides it to its kernel from this in-process plugin, and
// hands the same object to every child it composes (compose/agent-factory.ts passes its options
// on). No module global: two independent agents in one SDK process may share one by passing it.
import type { FileMutationsService } from "../contracts/file-mutations.js";
import { definePlugin, type PluginDef } from "../kernel/index.js";

export function fileMutationsPlugin(queue: FileMutationsService): PluginDef {
  return definePlugin({
    name: "file-mutations",
    provides: ["file-mutations"],
    setup(api) {
      api.services.provide("file-mutations", queue);
    },
  });
}
