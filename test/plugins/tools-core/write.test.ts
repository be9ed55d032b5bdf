import { chmod, readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFileMutationQueue } from "../../../lib/tool-kit/index.js";
import { createWriteTool } from "../../../lib/tool-kit/index.js";
import { call, errorOf, tempDir, text } from "./helpers.js";

const writeTool = createWriteTool(createFileMutationQueue());

describe("write", () => {
  it("creates parent directories and reports the byte count", async () => {
    const cwd = await tempDir();
    const result = await call(writeTool, { path: "a/b/c.txt", content: "héllo\n" }, { cwd });
    const path = join(cwd, "a/b/c.txt");
    expect(await readFile(path, "utf8")).toBe("héllo\n");
    expect(text(result)).toBe(`Successfully wrote 7 bytes to ${path}`);
  });

  it("overwrites, keeping the existing file's mode", async () => {
    const cwd = await tempDir();
    const path = join(cwd, "run.sh");
    await writeFile(path, "old");
    await chmod(path, 0o750);
    await call(writeTool, { path: "run.sh", content: "#!/bin/sh\necho new\n" }, { cwd });
    expect(await readFile(path, "utf8")).toBe("#!/bin/sh\necho new\n");
    expect((await stat(path)).mode & 0o777).toBe(0o750);
  });

  it("leaves no temp files behind", async () => {
    const cwd = await tempDir();
    await Promise.all([1, 2, 3].map((i) => call(writeTool, { path: "f.txt", content: `v${i}` }, { cwd })));
    expect(await readdir(cwd)).toEqual(["f.txt"]);
    expect(await readFile(join(cwd, "f.txt"), "utf8")).toMatch(/^v[123]$/);
  });

  it("writes through a symlink instead of replacing it", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "real.txt"), "old");
    await symlink(join(cwd, "real.txt"), join(cwd, "link.txt"));
    await call(writeTool, { path: "link.txt", content: "new" }, { cwd });
    expect(await readFile(join(cwd, "real.txt"), "utf8")).toBe("new");
    expect((await import("node:fs")).lstatSync(join(cwd, "link.txt")).isSymbolicLink()).toBe(true);
  });

  it("refuses to write over a directory", async () => {
    const cwd = await tempDir();
    expect(await errorOf(call(writeTool, { path: ".", content: "x" }, { cwd }))).toMatch(/is a directory/);
    expect(await readdir(cwd)).toEqual([]);
  });
});
