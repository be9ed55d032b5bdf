// Writing existing files in place: write, edit and hashline_edit keep the inode (so hard links
// keep sharing the new content), the owner and the mode; a write that fails midway (the file-size
// limit, EFBIG, in a real child process) restores the old content; an abort before the write
// leaves the file alone; no temp or backup file is left behind.
import { spawnSync } from "node:child_process";
import { chmod, chown, link, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createFileMutationQueue } from "../../../lib/tool-kit/index.js";
import { lineHash } from "../../../plugins/tool-hashline-edit/anchors.js";
import { createHashlineEditTool } from "../../../plugins/tool-hashline-edit/tool.js";
import { createEditTool } from "../../../lib/tool-kit/index.js";
import { createWriteTool } from "../../../lib/tool-kit/index.js";
import { call, errorOf, tempDir } from "./helpers.js";

const queue = createFileMutationQueue();
const writeTool = createWriteTool(queue);
const editTool = createEditTool(queue);
const hashlineTool = createHashlineEditTool(queue);
// The child loads only the safe write: under `ulimit -f 8` jiti's cache of a bigger module graph (the
// whole toolkit, tools included) could not be written either, and the child would die of SIGXFSZ.
const SAFE_WRITE = fileURLToPath(new URL("../../../lib/tool-kit/files/safe-write.ts", import.meta.url));
const JITI = fileURLToPath(new URL("../../../node_modules/jiti/lib/jiti-cli.mjs", import.meta.url));

describe("hard links", () => {
  it("write, edit and hashline_edit change both names: same inode, same new content", async () => {
    const cwd = await tempDir();
    const a = join(cwd, "a.txt");
    const b = join(cwd, "b.txt");
    await writeFile(a, "one\n");
    await link(a, b);
    const inode = (await stat(a)).ino;

    await call(writeTool, { path: "a.txt", content: "two\n" }, { cwd });
    expect(await readFile(b, "utf8")).toBe("two\n");
    await call(editTool, { path: "b.txt", edits: [{ oldText: "two", newText: "three" }] }, { cwd });
    expect(await readFile(a, "utf8")).toBe("three\n");
    const anchored = { path: "a.txt", edits: [{ op: "replace", start: `1#${lineHash("three")}`, text: "four" }] };
    await call(hashlineTool, anchored, { cwd });
    expect(await readFile(b, "utf8")).toBe("four\n");

    for (const path of [a, b]) expect(await stat(path)).toMatchObject({ ino: inode, nlink: 2 });
    expect((await readdir(cwd)).sort()).toEqual(["a.txt", "b.txt"]);
  });
});

describe("owner and mode", () => {
  it("a file owned by uid 1234 with mode 0640 keeps both after write and edit", async () => {
    const cwd = await tempDir();
    const path = join(cwd, "theirs.conf");
    await writeFile(path, "port = 80\n");
    await chown(path, 1234, 1234);
    await chmod(path, 0o640);

    await call(writeTool, { path: "theirs.conf", content: "port = 81\n" }, { cwd });
    await call(editTool, { path: "theirs.conf", edits: [{ oldText: "81", newText: "82" }] }, { cwd });

    const info = await stat(path);
    expect({ uid: info.uid, gid: info.gid, mode: info.mode & 0o7777 }).toEqual({ uid: 1234, gid: 1234, mode: 0o640 });
    expect(await readFile(path, "utf8")).toBe("port = 82\n");
  });

  it("a new file is created with the usual mode and no leftovers", async () => {
    const cwd = await tempDir();
    await call(writeTool, { path: "new/fresh.txt", content: "hi" }, { cwd });
    expect(await readFile(join(cwd, "new/fresh.txt"), "utf8")).toBe("hi");
    expect(await readdir(join(cwd, "new"))).toEqual(["fresh.txt"]);
  });
});

describe("failures", () => {
  it("a write that fails midway (EFBIG under ulimit -f) restores the old content in the same inode", async () => {
    const cwd = await tempDir();
    const path = join(cwd, "data.txt");
    const old = "old line\n".repeat(200); // 1,800 bytes: the backup fits under the 8 KB limit
    await writeFile(path, old);
    const inode = (await stat(path)).ino;
    const script = join(cwd, "write.ts");
    await writeFile(
      script,
      `import { writeFileSafely } from ${JSON.stringify(SAFE_WRITE)};\n` +
        `writeFileSafely(${JSON.stringify(path)}, "x".repeat(20000)).then(\n` +
        `  () => console.log("written"),\n  (e) => console.log("error: " + e.message),\n);\n`,
    );
    const child = spawnSync("bash", ["-c", `ulimit -f 8; exec "${process.execPath}" "${JITI}" "${script}"`], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(child.stdout).toMatch(/^error: Writing .*data\.txt failed \(.*EFBIG.*\); it was restored and is unchanged\.\n$/);
    expect(await readFile(path, "utf8")).toBe(old);
    expect((await stat(path)).ino).toBe(inode);
    expect((await readdir(cwd)).sort()).toEqual(["data.txt", "write.ts"]);
  });

  it("an abort before the write leaves the file and its directory as they were", async () => {
    const cwd = await tempDir();
    const path = join(cwd, "keep.txt");
    await writeFile(path, "keep\n");
    const controller = new AbortController();
    controller.abort();
    const message = await errorOf(call(writeTool, { path: "keep.txt", content: "lost" }, { cwd, signal: controller.signal }));
    expect(message).toMatch(/abort/i);
    expect(await readFile(path, "utf8")).toBe("keep\n");
    expect(await readdir(cwd)).toEqual(["keep.txt"]);
  });
});
