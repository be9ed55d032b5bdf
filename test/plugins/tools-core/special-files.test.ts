// The file tools against files that are not regular files: FIFOs, character devices (mknod'ed null
// devices, by name and through a symlink; the real /dev/null only for read) and Unix sockets. Each is
// refused with an error naming what it is, nothing is opened or replaced, and a FIFO never blocks.
import { execFileSync } from "node:child_process";
import { lstatSync, statSync } from "node:fs";
import { readdir, symlink, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createFileMutationQueue } from "../../../lib/tool-kit/index.js";
import { lineHash } from "../../../plugins/tool-hashline-edit/anchors.js";
import { createHashlineEditTool } from "../../../plugins/tool-hashline-edit/tool.js";
import { createEditTool } from "../../../lib/tool-kit/index.js";
import { readTool } from "../../../lib/tool-kit/index.js";
import { createWriteTool } from "../../../lib/tool-kit/index.js";
import { grepTool } from "../../../lib/tool-kit/index.js";
import { call, errorOf, tempDir } from "./helpers.js";

const queue = createFileMutationQueue();
const writeTool = createWriteTool(queue);
const editTool = createEditTool(queue);
const hashlineTool = createHashlineEditTool(queue);
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** Fails (rather than hanging the suite) if the tool has not settled within the deadline. */
function settled<T>(promise: Promise<T>, ms = 5000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the tool did not return within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

const isCharDevice = (path: string) => statSync(path).isCharacterDevice();

async function fifo(dir: string): Promise<string> {
  const path = join(dir, "pipe");
  execFileSync("mkfifo", [path]);
  return path;
}

async function socket(dir: string): Promise<string> {
  const path = join(dir, "sock");
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return path;
}

describe("FIFOs", () => {
  it("read refuses a FIFO without opening it, so it returns at once", async () => {
    const cwd = await tempDir();
    await fifo(cwd);
    const message = await errorOf(settled(call(readTool, { path: "pipe" }, { cwd })));
    expect(message).toMatch(/pipe is a FIFO \(named pipe\), not a regular file/);
    expect(message).toMatch(/timeout 5 cat/);
  });

  it("read refuses a symlink to a FIFO", async () => {
    const cwd = await tempDir();
    await symlink(await fifo(cwd), join(cwd, "link"));
    expect(await errorOf(settled(call(readTool, { path: "link" }, { cwd })))).toMatch(/FIFO/);
  });

  it("edit, hashline_edit, write and grep refuse a FIFO and leave it a FIFO", async () => {
    const cwd = await tempDir();
    const path = await fifo(cwd);
    const edit = { path: "pipe", edits: [{ oldText: "a", newText: "b" }] };
    expect(await errorOf(settled(call(editTool, edit, { cwd })))).toMatch(/FIFO .*not a regular file/);
    const anchored = { path: "pipe", edits: [{ op: "delete", start: `1#${lineHash("a")}` }] };
    expect(await errorOf(settled(call(hashlineTool, anchored, { cwd })))).toMatch(/FIFO/);
    expect(await errorOf(settled(call(writeTool, { path: "pipe", content: "x" }, { cwd })))).toMatch(/FIFO/);
    expect(await errorOf(settled(call(grepTool, { pattern: "x", path: "pipe" }, { cwd })))).toMatch(/FIFO/);
    expect(lstatSync(path).isFIFO()).toBe(true);
    expect(await readdir(cwd)).toEqual(["pipe"]);
  });
});

describe("devices", () => {
  it("write through a symlink to a null device is refused and the device stays a device", async () => {
    const cwd = await tempDir();
    const node = join(cwd, "null");
    execFileSync("mknod", [node, "c", "1", "3"]);
    await symlink(node, join(cwd, "out.log"));
    const message = await errorOf(call(writeTool, { path: "out.log", content: "x" }, { cwd }));
    expect(message).toBe(
      // The tool opens the canonical path the permission gate judged (lib/tool-kit canonicalPath): the link's target.
      `${node} is a character device, not a regular file: write only works on ` +
        "regular files and will not replace or write into it. Use bash if you really mean to use it.",
    );
    expect(isCharDevice(node)).toBe(true);
    expect(lstatSync(join(cwd, "out.log")).isSymbolicLink()).toBe(true);
  });

  it("a device named directly (as /dev/... would be when running as root) is refused by write and edit", async () => {
    const cwd = await tempDir();
    const node = join(cwd, "null");
    execFileSync("mknod", [node, "c", "1", "3"]);
    expect(await errorOf(call(writeTool, { path: node, content: "x" }, { cwd }))).toMatch(/null is a character device/);
    const edit = { path: node, edits: [{ oldText: "a", newText: "b" }] };
    expect(await errorOf(call(editTool, edit, { cwd }))).toMatch(/character device/);
    expect(isCharDevice(node)).toBe(true);
    expect(await readdir(cwd)).toEqual(["null"]);
  });

  // Only read touches the real /dev/null: a regression in write would replace it for the whole
  // machine (the mknod'ed copies above cover write and edit).
  it("read refuses the real /dev/null through a symlink, which stays a character device", async () => {
    const cwd = await tempDir();
    await symlink("/dev/null", join(cwd, "sink"));
    expect(await errorOf(call(readTool, { path: "sink" }, { cwd }))).toMatch(/character device/);
    expect(isCharDevice("/dev/null")).toBe(true);
  });
});

describe("sockets", () => {
  it("read, write and edit refuse a Unix socket", async () => {
    const cwd = await tempDir();
    const path = await socket(cwd);
    expect(await errorOf(settled(call(readTool, { path: "sock" }, { cwd })))).toMatch(/sock is a socket, not a regular file/);
    expect(await errorOf(call(writeTool, { path: "sock", content: "x" }, { cwd }))).toMatch(/socket/);
    const edit = { path: "sock", edits: [{ oldText: "a", newText: "b" }] };
    expect(await errorOf(call(editTool, edit, { cwd }))).toMatch(/socket/);
    expect(lstatSync(path).isSocket()).toBe(true);
  });

  it("a regular file next to them still reads and writes", async () => {
    const cwd = await tempDir();
    await fifo(cwd);
    await writeFile(join(cwd, "plain.txt"), "plain\n");
    await call(writeTool, { path: "plain.txt", content: "changed\n" }, { cwd });
    const result = await call(readTool, { path: "plain.txt" }, { cwd });
    expect(result.content[0]).toMatchObject({ text: "changed" });
  });
});
