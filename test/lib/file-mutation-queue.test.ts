// The per-file mutation queue under random interleavings (fast-check's scheduler decides the order
// in which every awaited step resumes): read-modify-write tasks on real files, each naming its
// file in a random spelling (relative, `./`, `..` through a folder, an absolute path, a symlink to
// the file, a symlinked folder, a file not created yet), never overlap on one real file and never
// lose an increment; tasks on different files still run at the same time.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createFileMutationQueue } from "../../lib/tool-kit/index.js";

const root = mkdtempSync(join(tmpdir(), "pik-queue-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Spellings of four real files: a and b exist, c and d (in a folder not made yet) are created by their first task. */
function workspace(n: number) {
  const dir = join(root, `w${n}`);
  mkdirSync(join(dir, "sub"), { recursive: true });
  writeFileSync(join(dir, "a.txt"), "0");
  writeFileSync(join(dir, "sub", "b.txt"), "0");
  symlinkSync(join(dir, "a.txt"), join(dir, "link-to-a"));
  symlinkSync(join(dir, "sub"), join(dir, "sub-link"));
  const spellings: Record<string, string[]> = {
    a: [join(dir, "a.txt"), join(dir, ".", "a.txt"), `${dir}/sub/../a.txt`, join(dir, "link-to-a"), `${dir}//a.txt`],
    b: [join(dir, "sub", "b.txt"), join(dir, "sub-link", "b.txt"), `${dir}/sub/./b.txt`],
    c: [join(dir, "sub", "c.txt"), join(dir, "sub-link", "c.txt")],
    d: [join(dir, "sub", "new", "d.txt"), join(dir, "sub-link", "new", "d.txt"), `${dir}/sub-link/new/../new/d.txt`],
  };
  const real: Record<string, string> = {
    a: join(dir, "a.txt"),
    b: join(dir, "sub", "b.txt"),
    c: join(dir, "sub", "c.txt"),
    d: join(dir, "sub", "new", "d.txt"),
  };
  return { spellings, real };
}

let runs = 0;
/** Across all runs: how often tasks on different files were in flight together. */
let parallel = 0;

describe("file mutation queue", () => {
  it("serialises read-modify-write per real file under any interleaving, whatever the spelling", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.tuple(fc.constantFrom("a", "b", "c", "d"), fc.nat(10)), { minLength: 1, maxLength: 25 }),
        async (s, tasks) => {
          const { spellings, real } = workspace(runs++);
          const queue = createFileMutationQueue();
          const active: Record<string, number> = { a: 0, b: 0, c: 0, d: 0 };
          let overlap = 0;
          let running = 0;
          const all = tasks.map(([file, pick]) => {
            const names = spellings[file];
            return queue.run(names[pick % names.length], async () => {
              if (++active[file] > 1) overlap++;
              if (++running > 1) parallel++;
              const before = Number(await s.schedule(readFile(real[file], "utf8").catch(() => "0")));
              await s.schedule(Promise.resolve());
              await mkdir(dirname(real[file]), { recursive: true });
              await writeFile(real[file], String(before + 1));
              active[file]--;
              running--;
            });
          });
          await s.waitFor(Promise.all(all));
          expect(overlap).toBe(0);
          for (const file of ["a", "b", "c", "d"]) {
            const expected = tasks.filter(([f]) => f === file).length;
            const text = expected ? readFileSync(real[file], "utf8") : "0";
            expect(Number(text)).toBe(expected);
          }
        },
      ),
      { numRuns: 60 },
    );
    expect(parallel).toBeGreaterThan(0);
  });
});
