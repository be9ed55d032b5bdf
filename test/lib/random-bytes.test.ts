// Random bytes for names and ids, read from /dev/urandom so that a run need not load node:crypto.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { randomBytes } from "../../lib/tool-kit/index.js";

describe("randomBytes", () => {
  it("gives as many bytes as asked, different each time", () => {
    expect(randomBytes(0)).toHaveLength(0);
    expect(randomBytes(4096)).toHaveLength(4096);
    const seen = new Set(Array.from({ length: 200 }, () => randomBytes(8).toString("hex")));
    expect(seen.size).toBe(200);
  });

  it("spreads its bytes over every value (no stuck bits)", () => {
    const counts = new Array<number>(256).fill(0);
    for (const byte of randomBytes(65536)) counts[byte]++;
    // 256 per value on average; a stuck bit would leave half the values at 0.
    expect(Math.min(...counts)).toBeGreaterThan(150);
  });

  it("does not load node:crypto", () => {
    const url = pathToFileURL(join(import.meta.dirname, "..", "..", "dist", "lib", "tool-kit", "random-bytes.js")).href;
    const r = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { randomBytes } = await import(${JSON.stringify(url)}); randomBytes(16); console.log(process.moduleLoadList.some((m) => m === "NativeModule crypto"));`,
      ],
      { encoding: "utf8" },
    );
    expect(r.stderr).toBe("");
    expect(r.stdout.trim()).toBe("false");
  });
});

describe("randomBytes' pool", () => {
  it("never hands the same bytes out twice, across refills and over-sized asks", () => {
    // Small asks come from a pool of 512 read-ahead bytes; 300 of them need several refills.
    const ids = Array.from({ length: 300 }, (_, i) => randomBytes(i % 7 === 0 ? 600 : 8).toString("hex"));
    expect(new Set(ids).size).toBe(ids.length);
    const small = ids.filter((id) => id.length === 16);
    // 8 random bytes: a repeat of any 4-byte half would be a failure of the pool, not chance.
    expect(new Set(small.map((id) => id.slice(0, 8))).size).toBe(small.length);
  });
});
