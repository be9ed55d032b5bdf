// Records written without the snapshot code: that a turn took no snapshot (at the end of its run),
// or that one could not be taken because the checkpoints could not start. Only the shadow
// directory's name (node:crypto) and one append: an answer-only print run loads no more than this.
import { existsSync, mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { shadowDir } from "./shadow-dir.js";
import { CheckpointStore, type IndexRecord } from "./store.js";

export async function appendRecords(agentDir: string, cwd: string, records: readonly IndexRecord[]): Promise<void> {
  const workspace = realpathSync(cwd);
  const dir = shadowDir(agentDir, workspace);
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "workspace"), `${workspace}\n`);
  }
  const store = new CheckpointStore(dir);
  for (const r of records) await store.add(r);
}
