// Checkpoints (issue 19): snapshotting a 10,000-file workspace into the shadow repository before a
// user turn. The first snapshot reads everything once; after that a turn that changed a few files
// costs a listing plus adding those files (target < 100 ms), and one that changed nothing costs
// only the listing (no tree written, no commit).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, stats } from "./measure.mjs";

export const title = "checkpoints: shadow-repo snapshot of a 10,000-file workspace";

const FILES = 10_000;

export async function rows(runs) {
  const n = runs || 20;
  const { ShadowRepo } = await import(join(ROOT, "dist", "plugins", "checkpoints", "shadow.js"));
  const root = mkdtempSync(join(tmpdir(), "pik-bench-cp-"));
  const workspace = join(root, "ws");
  for (let i = 0; i < FILES; i++) {
    const dir = join(workspace, `pkg${i % 100}`, `mod${i % 10}`);
    if (i < 1000) mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `file${i}.ts`), `export const value${i} = ${i};\n`);
  }
  const repo = new ShadowRepo(join(root, "shadow"), workspace, 2 * 1024 * 1024);
  const time = async (fn) => {
    const t0 = process.hrtime.bigint();
    await fn();
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  const first = await time(() => repo.snapshot());
  const few = [];
  const none = [];
  let previous = await repo.snapshot();
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++) writeFileSync(join(workspace, `pkg${k}`, `mod${k}`, `file${k}.ts`), `export const run = ${i};\n`);
    writeFileSync(join(workspace, `new-${i}.ts`), "export {};\n");
    let commit;
    few.push(await time(async () => (commit = await repo.snapshot())));
    if (commit === previous) throw new Error("a change was not captured");
    previous = commit;
    none.push(await time(async () => (commit = await repo.snapshot())));
    if (commit !== previous) throw new Error("nothing changed, yet a new checkpoint was written");
  }
  rmSync(root, { recursive: true, force: true });
  return [
    { name: "first snapshot (10,000 files)", n: 1, ...stats([first]), unit: "ms" },
    { name: "snapshot, 4 files changed", n, ...stats(few), unit: "ms" },
    { name: "snapshot, nothing changed", n, ...stats(none), unit: "ms" },
  ];
}
