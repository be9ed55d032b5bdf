// The same awkward files put to read, write and edit: CRLF, BOM, Unicode, empty, missing, a
// directory where a file is expected, spaces in the path, and symlinks.
import { lstat, mkdir, readFile, readlink, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFileMutationQueue } from "../../../lib/tool-kit/index.js";
import { createEditTool } from "../../../lib/tool-kit/index.js";
import { readTool } from "../../../lib/tool-kit/index.js";
import { createWriteTool } from "../../../lib/tool-kit/index.js";
import { call, errorOf, tempDir, text } from "./helpers.js";

// Built as tools-core builds them, over one queue as the "file-mutations" service gives them.
const mutations = createFileMutationQueue();
const editTool = createEditTool(mutations);
const writeTool = createWriteTool(mutations);

interface Fixture {
  name: string;
  file: string;
  content: string;
  shown: string;
  oldText: string;
  newText: string;
  after: string;
}

const FIXTURES: Fixture[] = [
  { name: "CRLF", file: "crlf.txt", content: "one\r\ntwo\r\n", shown: "one\ntwo", oldText: "two", newText: "2", after: "one\r\n2\r\n" },
  {
    name: "BOM",
    file: "bom.txt",
    content: "\uFEFFfirst\nsecond\n",
    shown: "first\nsecond",
    oldText: "first",
    newText: "1st",
    after: "\uFEFF1st\nsecond\n",
  },
  { name: "BOM + CRLF", file: "both.txt", content: "\uFEFFa\r\nb", shown: "a\nb", oldText: "a\nb", newText: "A\nB", after: "\uFEFFA\r\nB" },
  {
    name: "Unicode",
    file: "ünï cødé.txt",
    content: "naïve — “quoted” 日本語 🎉\n",
    shown: "naïve — “quoted” 日本語 🎉",
    oldText: "日本語 🎉",
    newText: "中文",
    after: "naïve — “quoted” 中文\n",
  },
  {
    name: "spaces in path",
    file: "my dir/a file.txt",
    content: "x = 1\n",
    shown: "x = 1",
    oldText: "x = 1",
    newText: "x = 2",
    after: "x = 2\n",
  },
  { name: "no final newline", file: "nofinal.txt", content: "last", shown: "last", oldText: "last", newText: "final", after: "final" },
];

async function place(cwd: string, file: string, content: string): Promise<string> {
  const path = join(cwd, file);
  await mkdir(join(path, ".."), { recursive: true });
  await writeFile(path, content);
  return path;
}

describe.each(FIXTURES)("fixture: $name", (f) => {
  it("read shows the text without CR or BOM", async () => {
    const cwd = await tempDir();
    await place(cwd, f.file, f.content);
    expect(text(await call(readTool, { path: f.file }, { cwd }))).toBe(f.shown);
  });

  it("edit changes only the matched text and keeps line endings and BOM", async () => {
    const cwd = await tempDir();
    const path = await place(cwd, f.file, f.content);
    await call(editTool, { path: f.file, edits: [{ oldText: f.oldText, newText: f.newText }] }, { cwd });
    expect(await readFile(path, "utf8")).toBe(f.after);
  });

  it("write stores exactly the given text and counts UTF-8 bytes", async () => {
    const cwd = await tempDir();
    const result = await call(writeTool, { path: f.file, content: f.content }, { cwd });
    expect(await readFile(join(cwd, f.file), "utf8")).toBe(f.content);
    expect(text(result)).toBe(`Successfully wrote ${Buffer.byteLength(f.content)} bytes to ${join(cwd, f.file)}`);
  });
});

describe("edge cases across tools", () => {
  it("empty files: read says so, edit finds nothing, write can create one", async () => {
    const cwd = await tempDir();
    await place(cwd, "empty.txt", "");
    expect(text(await call(readTool, { path: "empty.txt" }, { cwd }))).toBe("[File is empty]");
    expect(await errorOf(call(editTool, { path: "empty.txt", edits: [{ oldText: "a", newText: "b" }] }, { cwd }))).toMatch(
      /^Could not find oldText/,
    );
    await call(writeTool, { path: "new-empty.txt", content: "" }, { cwd });
    expect(await readFile(join(cwd, "new-empty.txt"), "utf8")).toBe("");
  });

  it("missing files: read and edit say File not found with the path", async () => {
    const cwd = await tempDir();
    const missing = join(cwd, "no such.txt");
    expect(await errorOf(call(readTool, { path: "no such.txt" }, { cwd }))).toMatch(
      new RegExp(`^File not found: ${missing.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.`),
    );
    expect(await errorOf(call(editTool, { path: "no such.txt", edits: [{ oldText: "a", newText: "b" }] }, { cwd }))).toMatch(
      /^File not found: /,
    );
  });

  it("a directory given as a file: every tool says it is a directory", async () => {
    const cwd = await tempDir();
    await mkdir(join(cwd, "a dir"));
    expect(await errorOf(call(readTool, { path: "a dir" }, { cwd }))).toMatch(/is a directory, not a file/);
    expect(await errorOf(call(editTool, { path: "a dir", edits: [{ oldText: "a", newText: "b" }] }, { cwd }))).toMatch(
      /is a directory, not a file/,
    );
    expect(await errorOf(call(writeTool, { path: "a dir", content: "x" }, { cwd }))).toMatch(/is a directory, not a file/);
  });

  it("symlinks: read follows, edit and write change the target and keep the link", async () => {
    const cwd = await tempDir();
    const target = await place(cwd, "real/target.txt", "alpha\nbeta\n");
    await symlink(target, join(cwd, "link.txt"));
    expect(text(await call(readTool, { path: "link.txt" }, { cwd }))).toBe("alpha\nbeta");
    await call(editTool, { path: "link.txt", edits: [{ oldText: "beta", newText: "gamma" }] }, { cwd });
    expect(await readFile(target, "utf8")).toBe("alpha\ngamma\n");
    await call(writeTool, { path: "link.txt", content: "rewritten\n" }, { cwd });
    expect(await readFile(target, "utf8")).toBe("rewritten\n");
    expect((await lstat(join(cwd, "link.txt"))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(cwd, "link.txt"))).toBe(target);
  });

  it("a dangling symlink: read reports it missing", async () => {
    const cwd = await tempDir();
    await symlink(join(cwd, "gone.txt"), join(cwd, "dangling.txt"));
    expect(await errorOf(call(readTool, { path: "dangling.txt" }, { cwd }))).toMatch(/^File not found/);
  });
});
