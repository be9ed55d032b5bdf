// The queue promises call order for one file whatever spelling names it. Finding a real path is
// asynchronous (and slower for a file not created yet, or through a symlink), so this drives many
// calls with mixed spellings at once: with places taken as lookups finish, some ran out of order.
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFileMutationQueue } from "../../../lib/tool-kit/index.js";
import { tempDir } from "./helpers.js";

describe("file mutation queue order", () => {
  it("runs mutations of one file in call order, however the path is spelt", async () => {
    const dir = await tempDir();
    await mkdir(join(dir, "real"));
    await symlink(join(dir, "real"), join(dir, "link"));
    const spellings = [
      join(dir, "real", "new.txt"),
      join(dir, "link", "new.txt"),
      join(dir, "real", ".", "new.txt"),
      join(dir, "link", "..", "real", "new.txt"),
    ];
    for (let round = 0; round < 5; round++) {
      const queue = createFileMutationQueue();
      const order: number[] = [];
      const calls = Array.from({ length: 200 }, (_, i) =>
        queue.run(spellings[(i * 7 + round) % spellings.length] as string, async () => {
          order.push(i);
          if (i === 100) await writeFile(join(dir, "real", "new.txt"), "now it exists");
        }),
      );
      await Promise.all(calls);
      expect(order).toEqual(Array.from({ length: 200 }, (_, i) => i));
    }
  });
});
