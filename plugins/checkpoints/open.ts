// The checkpoints of a workspace, opened (index.ts loads this only where checkpoints are on): the
// shadow repository under the agent dir, its store of snapshots, and the size limit.
import { realpathSync } from "node:fs";
import type { PluginApi } from "pi-kernel";
import { Checkpoints } from "./checkpoints.js";
import { ShadowRepo, shadowDir } from "./shadow.js";
import { CheckpointStore } from "./store.js";

const DEFAULT_MAX_FILE_SIZE = 2 * 1024 * 1024;

export function openCheckpoints(api: PluginApi, warn: (message: string) => void): Checkpoints {
  const workspace = realpathSync(api.cwd);
  const max = (api.settings.checkpoints as { maxFileSize?: unknown } | undefined)?.maxFileSize;
  const repo = new ShadowRepo(
    shadowDir(api.agentDir, workspace),
    workspace,
    typeof max === "number" && max > 0 ? max : DEFAULT_MAX_FILE_SIZE,
  );
  return new Checkpoints(() => api, repo, new CheckpointStore(repo.dir), warn);
}
