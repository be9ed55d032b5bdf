import { mkdir, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readTool } from "../../../lib/tool-kit/index.js";
import { resolveToolPath } from "../../../lib/tool-kit/index.js";
import { call, errorOf, tempDir, text } from "./helpers.js";

const lines = (n: number, make = (i: number) => `line ${i}`) => Array.from({ length: n }, (_, i) => make(i + 1)).join("\n") + "\n";

describe("read: text", () => {
  it("returns a small file whole, with no note", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "a.txt"), "one\ntwo\n");
    expect(text(await call(readTool, { path: "a.txt" }, { cwd }))).toBe("one\ntwo");
  });

  it("stops at 2,000 lines and says how to continue", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "big.txt"), lines(2500));
    const out = text(await call(readTool, { path: "big.txt" }, { cwd }));
    expect(out.split("\n")[1999]).toBe("line 2000");
    expect(out).not.toContain("line 2001\n");
    expect(out.endsWith("[Showing lines 1-2000 of 2500. Use offset=2001 to continue.]")).toBe(true);
  });

  it("stops at 50 KB without cutting a line", async () => {
    const cwd = await tempDir();
    await writeFile(
      join(cwd, "wide.txt"),
      lines(100, (i) => String(i % 10).repeat(1000)),
    );
    const out = text(await call(readTool, { path: "wide.txt" }, { cwd }));
    const [body] = out.split("\n\n[");
    expect(body.split("\n")).toHaveLength(51); // 51 * 1000 + 50 newlines <= 51,200 < 52 lines
    expect(body.split("\n").every((l) => l.length === 1000)).toBe(true);
    expect(out).toContain("[Showing lines 1-51 of 100 (50.0KB limit). Use offset=52 to continue.]");
  });

  it("pages with offset and limit, noting how many lines remain", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "f.txt"), lines(100));
    const out = text(await call(readTool, { path: "f.txt", offset: 10, limit: 5 }, { cwd }));
    expect(out).toBe("line 10\nline 11\nline 12\nline 13\nline 14\n\n[86 more lines in file. Use offset=15 to continue.]");
    const end = text(await call(readTool, { path: "f.txt", offset: 98, limit: 5 }, { cwd }));
    expect(end).toBe("line 98\nline 99\nline 100");
  });

  it("rejects an offset past the end, saying how long the file is", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "f.txt"), lines(100));
    expect(await errorOf(call(readTool, { path: "f.txt", offset: 101 }, { cwd }))).toMatch(/has 100 lines/);
  });

  it("suggests sed when the first selected line alone is over 50 KB", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "min.js"), `short\n${"x".repeat(60_000)}\nafter\n`);
    const out = text(await call(readTool, { path: "min.js", offset: 2 }, { cwd }));
    expect(out).toContain("Line 2 is 58.6KB");
    expect(out).toContain(`sed -n '2p' ${join(cwd, "min.js")} | head -c 51200`);
  });

  it("reads lines across chunk boundaries with multi-byte characters intact", async () => {
    const cwd = await tempDir();
    await writeFile(
      join(cwd, "u.txt"),
      lines(3000, (i) => `${i} ${"é✓".repeat(20)}`),
    );
    const out = text(await call(readTool, { path: "u.txt", offset: 2500, limit: 2 }, { cwd }));
    expect(out.split("\n").slice(0, 2)).toEqual([`2500 ${"é✓".repeat(20)}`, `2501 ${"é✓".repeat(20)}`]);
  });

  it("resolves @-prefixed and relative paths against cwd", async () => {
    const cwd = await tempDir();
    await mkdir(join(cwd, "sub"));
    await writeFile(join(cwd, "sub", "x.txt"), "hi");
    expect(text(await call(readTool, { path: "@sub/x.txt" }, { cwd }))).toBe("hi");
    expect(resolveToolPath("/w", "~/notes")).toBe(join(homedir(), "notes"));
    expect(resolveToolPath("/w", "./a/../b")).toBe("/w/b");
  });
});

describe("read: images, binaries and errors", () => {
  const magic: [string, number[]][] = [
    ["image/png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
    ["image/jpeg", [0xff, 0xd8, 0xff, 0xe0]],
    ["image/gif", [...Buffer.from("GIF89a")]],
    ["image/webp", [...Buffer.from("RIFF"), 1, 2, 3, 4, ...Buffer.from("WEBPVP8 ")]],
  ];
  it.each(magic)("detects %s by its magic bytes, whatever the name", async (mimeType, head) => {
    const cwd = await tempDir();
    const bytes = Buffer.concat([Buffer.from(head), Buffer.from([0, 1, 2, 3, 0, 255])]);
    await writeFile(join(cwd, "picture.dat"), bytes);
    const result = await call(readTool, { path: "picture.dat" }, { cwd });
    expect(result.content).toEqual([
      { type: "text", text: `Read image file [${mimeType}]` },
      { type: "image", data: bytes.toString("base64"), mimeType },
    ]);
  });

  it("reads a text file named .png as text", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "fake.png"), "not an image");
    expect(text(await call(readTool, { path: "fake.png" }, { cwd }))).toBe("not an image");
  });

  it("refuses binary files", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "a.bin"), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1]));
    expect(await errorOf(call(readTool, { path: "a.bin" }, { cwd }))).toMatch(/is a binary file/);
  });

  it("reports a missing file", async () => {
    const cwd = await tempDir();
    expect(await errorOf(call(readTool, { path: "nope.txt" }, { cwd }))).toContain(`File not found: ${join(cwd, "nope.txt")}`);
  });

  it("tells the model a directory is a directory", async () => {
    const cwd = await tempDir();
    await mkdir(join(cwd, "src"));
    const message = await errorOf(call(readTool, { path: "src" }, { cwd }));
    expect(message).toMatch(/is a directory/);
    expect(message).toMatch(/ls/);
  });

  it("honours an aborted signal", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "a.txt"), "x");
    const controller = new AbortController();
    controller.abort();
    await expect(call(readTool, { path: "a.txt" }, { cwd, signal: controller.signal })).rejects.toThrow(/abort/i);
  });
});
