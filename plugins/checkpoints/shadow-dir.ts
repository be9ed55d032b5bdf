// Where a workspace's shadow directory lives: `<agentDir>/checkpoints/<hash of the workspace path>`.
// Its own file so that marking a turn that took no snapshot (index.ts) needs neither git nor the
// snapshot code, only this and the store.
import { createHash } from "node:crypto";
import { join } from "node:path";

export function shadowDir(agentDir: string, workspace: string): string {
  return join(agentDir, "checkpoints", createHash("sha256").update(workspace).digest("hex").slice(0, 16));
}
