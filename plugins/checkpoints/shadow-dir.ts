// Where a workspace's shadow directory lives: `<agentDir>/checkpoints/<hash of the workspace path>`.
// Its own file so that marking a turn that took no snapshot (index.ts) needs neither git nor the
// snapshot code, only this and the store; nor node:crypto (sha256.ts).
import { join } from "node:path";
import { sha256Hex } from "./sha256.js";

export function shadowDir(agentDir: string, workspace: string): string {
  return join(agentDir, "checkpoints", sha256Hex(workspace).slice(0, 16));
}
