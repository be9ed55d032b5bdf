// Discovery on a live edit (compose/discover.ts withDiscovery): saving a loaded plugin's code
// cannot change what is found, so the last scan is reused; anything that can (a new file, a
// deleted one, a manifest, a folder, the composition file) scans again.
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withDiscovery } from "../../compose/discover.js";

const plugin = (name: string) => `export default { name: "${name}", setup() {} };\n`;

describe("discovery on a live edit", () => {
  let dir: string;
  let ext: string;
  const names = (list: { file: string }[]) => list.map((s) => s.file.slice(ext.length + 1)).sort();

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "pik-discover-"));
    ext = join(dir, "agent", "extensions");
    mkdirSync(join(ext, "pkg"), { recursive: true });
    mkdirSync(join(dir, "project"));
    writeFileSync(join(ext, "one.ts"), plugin("one"));
    writeFileSync(join(ext, "pkg", "package.json"), JSON.stringify({ name: "pkg", pi: { extensions: ["./a.ts"] } }));
    writeFileSync(join(ext, "pkg", "a.ts"), plugin("a"));
    writeFileSync(join(ext, "pkg", "b.ts"), plugin("b"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const discovery = () => withDiscovery({ cwd: join(dir, "project"), agentDir: join(dir, "agent"), projectTrusted: () => false });

  it("reuses the last scan for an edit of a loaded plugin's code, and scans again for anything that can change it", async () => {
    const d = discovery();
    const first = await d.discover();
    expect(names(first)).toEqual(["one.ts", "pkg/a.ts"]);
    writeFileSync(join(ext, "one.ts"), plugin("one-v2"));
    expect(await d.discover([join(ext, "one.ts")])).toBe(first);
    expect(await d.discover([join(ext, "pkg", "a.ts")])).toBe(first);

    // A new file in the same batch as an edit: found.
    writeFileSync(join(ext, "two.ts"), plugin("two"));
    expect(names(await d.discover([join(ext, "one.ts"), join(ext, "two.ts")]))).toEqual(["one.ts", "pkg/a.ts", "two.ts"]);

    // A package's manifest: its entries are read again.
    writeFileSync(join(ext, "pkg", "package.json"), JSON.stringify({ name: "pkg", pi: { extensions: ["./a.ts", "./b.ts"] } }));
    expect(names(await d.discover([join(ext, "pkg", "package.json")]))).toEqual(["one.ts", "pkg/a.ts", "pkg/b.ts", "two.ts"]);

    // A deleted plugin file: gone.
    unlinkSync(join(ext, "two.ts"));
    expect(names(await d.discover([join(ext, "two.ts")]))).toEqual(["one.ts", "pkg/a.ts", "pkg/b.ts"]);

    // /reload (nothing named) always scans.
    const again = await d.discover([]);
    expect(again).not.toBe(first);
    expect(names(again)).toEqual(["one.ts", "pkg/a.ts", "pkg/b.ts"]);
  });
});
