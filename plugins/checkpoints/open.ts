// The checkpoints of a workspace, opened (index.ts loads this only where checkpoints are on): the
// shadow repository under the agent dir, its store of snapshots, and the size limit.
import { realpathSync } from "node:fs";
import type { PluginApi } from "pi-kernel";
import type { FileMutationsService } from "../../contracts/file-mutations.js";
import { Checkpoints } from "./checkpoints.js";
import { ShadowRepo, shadowDir } from "./shadow.js";
import { CheckpointStore } from "./store.js";

const DEFAULT_MAX_FILE_SIZE = 2 * 1024 * 1024;

export function openCheckpoints(
  api: PluginApi,
  warn: (message: string) => void,
  sentHere: (messageTimestamp: number) => boolean,
): Checkpoints {
  const workspace = realpathSync(api.cwd);
  const max = (api.settings.checkpoints as { maxFileSize?: unknown } | undefined)?.maxFileSize;
  const repo = new ShadowRepo(
    shadowDir(api.agentDir, workspace),
    workspace,
    typeof max === "number" && max > 0 ? max : DEFAULT_MAX_FILE_SIZE,
    queued(api),
  );
  return new Checkpoints(api, repo, new CheckpointStore(repo.dir), warn, sentHere);
}

/** The process's per-file queue, asked when a file is restored, so a rewind never races a tool's write. */
function queued(api: PluginApi): FileMutationsService {
  return {
    run: <T>(path: string, fn: () => Promise<T>) => {
      const queue = api.services.get("file-mutations");
      return queue ? queue.run(path, fn) : fn();
    },
  };
}
