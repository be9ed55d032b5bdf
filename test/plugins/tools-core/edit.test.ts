import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Value } from "@sinclair/typebox/value";
import { describe, expect, it } from "vitest";
import { createFileMutationQueue } from "../../../lib/tool-kit/index.js";
import { createEditTool } from "../../../lib/tool-kit/index.js";
import { call, errorOf, tempDir, text } from "./helpers.js";

const editTool = createEditTool(createFileMutationQueue());

async function fileWith(content: string | Buffer): Promise<{ cwd: string; path: string }> {
  const cwd = await tempDir();
  const path = join(cwd, "f.txt");
  await writeFile(path, content);
  return { cwd, path };
}

const edit = (cwd: string, edits: { oldText: string; newText: string }[]) => call(editTool, { path: "f.txt", edits }, { cwd });

describe("edit: replacing", () => {
  it("replaces one exact block and returns a diff", async () => {
    const { cwd, path } = await fileWith("a\nb\nc\nd\n");
    const result = await edit(cwd, [{ oldText: "c\n", newText: "C\n" }]);
    expect(await readFile(path, "utf8")).toBe("a\nb\nC\nd\n");
    expect(text(result)).toBe(`Successfully replaced 1 block(s) in ${path}.`);
    const details = result.details as { diff: string; firstChangedLine: number };
    expect(details.diff).toContain("-c\n+C");
    expect(details.firstChangedLine).toBe(3);
  });

  it("matches every edit against the original text", async () => {
    const { cwd, path } = await fileWith("alpha\nbeta\n");
    // Applied in sequence, the first newText would make "beta" ambiguous.
    const result = await edit(cwd, [
      { oldText: "alpha", newText: "beta2" },
      { oldText: "beta\n", newText: "gamma\n" },
    ]);
    expect(await readFile(path, "utf8")).toBe("beta2\ngamma\n");
    expect(text(result)).toContain("replaced 2 block(s)");
  });

  it("keeps CRLF line endings", async () => {
    const { cwd, path } = await fileWith("a\r\nb\r\nc\r\n");
    await edit(cwd, [{ oldText: "b\nc", newText: "B\nC\nD" }]);
    expect(await readFile(path, "utf8")).toBe("a\r\nB\r\nC\r\nD\r\n");
  });

  it("leaves a mixed-ending file's other lines alone", async () => {
    const { cwd, path } = await fileWith("a\r\nb\nc\r\nd\n");
    await edit(cwd, [{ oldText: "b\nc", newText: "B\nC" }]);
    expect(await readFile(path, "utf8")).toBe("a\r\nB\r\nC\r\nd\n");
  });

  it("reports the first line that actually changed, past repeated context", async () => {
    const { cwd } = await fileWith("1\n2\n3\n4\n5\n");
    const result = await edit(cwd, [{ oldText: "2\n3\n4", newText: "2\n3\nfour" }]);
    expect((result.details as { firstChangedLine: number }).firstChangedLine).toBe(4);
  });

  it("keeps a UTF-8 BOM", async () => {
    const { cwd, path } = await fileWith("\uFEFFhello world\n");
    await edit(cwd, [{ oldText: "world", newText: "there" }]);
    expect(await readFile(path)).toEqual(Buffer.from("\uFEFFhello there\n"));
  });

  it("falls back to a normalised match and replaces only the matched span", async () => {
    const prefix = "// “keep” these — as\u00A0they are   \nconst a = 1;\n";
    const matched = "const msg = \u201Chello\u201D; // it\u2019s\u00A0a \u2013 test   ";
    const suffix = "\nconst z = \u2018untouched\u2019 \u2014 here;   \r\n";
    const { cwd, path } = await fileWith(prefix + matched + suffix);
    await edit(cwd, [{ oldText: `const msg = "hello"; // it's a - test`, newText: `const msg = "bye";` }]);
    const after = await readFile(path, "utf8");
    expect(after).toBe(prefix + `const msg = "bye";` + suffix);
  });

  it("serialises parallel edits to one file", async () => {
    const markers = Array.from({ length: 10 }, (_, i) => `m${i};`);
    const { cwd, path } = await fileWith(markers.join("\n") + "\n");
    await Promise.all(
      markers.map((m, i) => call(editTool, { path: i % 2 ? "./f.txt" : "f.txt", edits: [{ oldText: m, newText: `done${m}` }] }, { cwd })),
    );
    expect(await readFile(path, "utf8")).toBe(markers.map((m) => `done${m}`).join("\n") + "\n");
    expect(await readdir(cwd)).toEqual(["f.txt"]);
  });
});

describe("edit: errors", () => {
  it("shows the closest lines, with numbers, when oldText is not found", async () => {
    const { cwd } = await fileWith("import x from 'y';\n\nfunction hello(name) {\n  return name;\n}\n");
    const message = await errorOf(edit(cwd, [{ oldText: "function helo(name) {\n  return nam;", newText: "x" }]));
    expect(message).toMatch(/Could not find oldText/);
    expect(message).toContain("3 | function hello(name) {");
    expect(message).toContain("4 |   return name;");
  });

  it("says how many times an ambiguous oldText occurs", async () => {
    const { cwd } = await fileWith("x = 1;\ny = 2;\nx = 1;\n");
    expect(await errorOf(edit(cwd, [{ oldText: "x = 1;", newText: "x = 3;" }]))).toMatch(/Found 2 occurrences.*more surrounding/);
  });

  it("rejects overlapping edits", async () => {
    const { cwd } = await fileWith("one two three\n");
    const message = await errorOf(
      edit(cwd, [
        { oldText: "one two", newText: "1 2" },
        { oldText: "two three", newText: "2 3" },
      ]),
    );
    expect(message).toMatch(/edits\[0\]\.oldText and edits\[1\]\.oldText overlap/);
  });

  it("rejects an empty oldText and a no-op edit", async () => {
    const { cwd } = await fileWith("abc\n");
    expect(await errorOf(edit(cwd, [{ oldText: "", newText: "x" }]))).toMatch(/oldText is empty/);
    expect(await errorOf(edit(cwd, [{ oldText: "abc", newText: "abc" }]))).toMatch(/identical/);
  });

  it("changes nothing when any edit fails", async () => {
    const { cwd, path } = await fileWith("keep me\nand me\n");
    await errorOf(
      edit(cwd, [
        { oldText: "keep", newText: "lose" },
        { oldText: "missing", newText: "x" },
      ]),
    );
    expect(await readFile(path, "utf8")).toBe("keep me\nand me\n");
  });

  it("reports a missing file and refuses non-UTF-8 files", async () => {
    const cwd = await tempDir();
    expect(await errorOf(call(editTool, { path: "none.txt", edits: [{ oldText: "a", newText: "b" }] }, { cwd }))).toMatch(/File not found/);
    const latin1 = await fileWith(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    expect(await errorOf(edit(latin1.cwd, [{ oldText: "caf", newText: "x" }]))).toMatch(/not valid UTF-8/);
  });
});

describe("edit: argument shapes", () => {
  const prepare = (raw: unknown) => editTool.prepareArguments!(raw);

  it("accepts top-level oldText/newText", async () => {
    const args = prepare({ path: "f.txt", oldText: "a", newText: "b" });
    expect(args).toEqual({ path: "f.txt", edits: [{ oldText: "a", newText: "b" }] });
    expect(Value.Check(editTool.parameters, args)).toBe(true);
  });

  it("accepts edits sent as a JSON string, and a lone edit object", async () => {
    const fromString = prepare({ path: "f.txt", edits: JSON.stringify([{ oldText: "a", newText: "b" }]) });
    expect(Value.Check(editTool.parameters, fromString)).toBe(true);
    expect(prepare({ path: "f.txt", edits: { oldText: "a", newText: "b" } })).toEqual({
      path: "f.txt",
      edits: [{ oldText: "a", newText: "b" }],
    });
  });

  it("runs with the prepared legacy arguments", async () => {
    const { cwd, path } = await fileWith("hello\n");
    const args = prepare({ path: "f.txt", oldText: "hello", newText: "bye" }) as Record<string, unknown>;
    await call(editTool, args, { cwd });
    expect(await readFile(path, "utf8")).toBe("bye\n");
  });

  it("rejects extra keys on an edit and an empty edits list", () => {
    expect(Value.Check(editTool.parameters, { path: "f", edits: [{ oldText: "a", newText: "b", extra: 1 }] })).toBe(false);
    expect(Value.Check(editTool.parameters, { path: "f", edits: [] })).toBe(false);
  });
});

describe("edit: diff of a change deep in a file", () => {
  it("numbers the hunk from the file's start even though only the changed region is diffed", async () => {
    const lines = Array.from({ length: 100 }, (_, i) => `row ${i + 1}`);
    const { cwd } = await fileWith(lines.join("\n") + "\n");
    const result = await edit(cwd, [{ oldText: "row 60\n", newText: "ROW 60\n" }]);
    const details = result.details as { diff: string; firstChangedLine: number };
    expect(details.firstChangedLine).toBe(60);
    expect(details.diff).toContain("@@ -56,9 +56,9 @@\n row 56\n row 57\n row 58\n row 59\n-row 60\n+ROW 60\n row 61");
  });
});
