// hashline_edit on real files, and read's anchored lines through the real kernel loop.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ToolResultMessage } from "pi-kernel";
import { anchoredLine, lineHash, parseAnchor } from "../../../plugins/tool-hashline-edit/anchors.js";
import hashlinePlugin from "../../../plugins/tool-hashline-edit/index.js";
import { createHashlineEditTool } from "../../../plugins/tool-hashline-edit/tool.js";
import toolsCore from "../../../plugins/tools-core/index.js";
import { createFileMutationQueue } from "../../../lib/tool-kit/index.js";
import { startKernel } from "../../kernel/harness.js";
import { call, errorOf, tempDir, text } from "../tools-core/helpers.js";

const hashlineEditTool = createHashlineEditTool(createFileMutationQueue());

const a = (n: number, line: string) => `${n}#${lineHash(line)}`;

async function fileWith(content: string | Buffer) {
  const cwd = await tempDir();
  const path = join(cwd, "f.txt");
  await writeFile(path, content);
  return { cwd, path };
}

describe("hashline anchors", () => {
  it("formats N#HH:content and parses anchors, with or without the copied content", () => {
    expect(anchoredLine(3, "const x = 1;\r")).toBe(`3#${lineHash("const x = 1;")}:const x = 1;`);
    expect(lineHash("a")).toMatch(/^[0-9a-f]{2}$/);
    expect(parseAnchor("12#aB:whatever: text")).toEqual({ line: 12, hash: "ab" });
    expect(parseAnchor("12")).toBeUndefined();
  });
});

describe("hashline_edit", () => {
  it("replaces, deletes and inserts in one call, anchored to the original lines", async () => {
    const { cwd, path } = await fileWith("one\ntwo\nthree\nfour\nfive\n");
    const result = await call(
      hashlineEditTool,
      {
        path: "f.txt",
        edits: [
          { op: "replace", start: a(2, "two"), end: a(3, "three"), text: "TWO-THREE" },
          { op: "delete", start: a(5, "five") },
          { op: "insert_before", start: a(1, "one"), text: "zero\n" },
          { op: "insert_after", start: a(4, "four"), text: "four.5" },
        ],
      },
      { cwd },
    );
    expect(await readFile(path, "utf8")).toBe("zero\none\nTWO-THREE\nfour\nfour.5\n");
    expect(text(result)).toContain(`Applied 4 edit(s) to ${path}.`);
    expect(text(result)).toContain(anchoredLine(3, "TWO-THREE"));
    expect((result.details as { diff: string }).diff).toContain("+TWO-THREE");
  });

  it("keeps CRLF, the BOM, a missing final newline and Unicode", async () => {
    const { cwd, path } = await fileWith("\uFEFFé1\r\nñ2\r\n✓3");
    await call(hashlineEditTool, { path: "f.txt", edits: [{ op: "replace", start: a(2, "ñ2"), text: "ü2\nü2b" }] }, { cwd });
    expect(await readFile(path, "utf8")).toBe("\uFEFFé1\r\nü2\r\nü2b\r\n✓3");
  });

  it("rejects a stale anchor with the current lines and leaves the file alone", async () => {
    const { cwd, path } = await fileWith("a\nb\nc\nd\n");
    const message = await errorOf(call(hashlineEditTool, { path: "f.txt", edits: [{ op: "delete", start: a(2, "B") }] }, { cwd }));
    expect(message).toContain("edit.start 2#");
    expect(message).toContain("is stale");
    expect(message).toContain(
      ["1#" + lineHash("a") + ":a", "2#" + lineHash("b") + ":b", "3#" + lineHash("c") + ":c", "4#" + lineHash("d") + ":d"].join("\n"),
    );
    expect(await readFile(path, "utf8")).toBe("a\nb\nc\nd\n");
  });

  it("rejects lines out of range, bad anchors, overlaps and empty files, all or nothing", async () => {
    const { cwd, path } = await fileWith("a\nb\n");
    const edit = (edits: unknown[]) => errorOf(call(hashlineEditTool, { path: "f.txt", edits }, { cwd }));
    expect(await edit([{ op: "delete", start: "9#00" }])).toContain("line 9 does not exist; the file has 2 lines");
    expect(await edit([{ op: "delete", start: "b" }])).toContain("is not an anchor");
    expect(
      await edit([
        { op: "replace", start: a(1, "a"), end: a(2, "b"), text: "x" },
        { op: "delete", start: a(2, "b") },
      ]),
    ).toContain("touch the same lines");
    expect(await edit([{ op: "insert_after", start: a(1, "a"), text: "" }])).toContain("nothing to insert");
    expect(await readFile(path, "utf8")).toBe("a\nb\n");
    const empty = await fileWith("");
    expect(
      await errorOf(call(hashlineEditTool, { path: "f.txt", edits: [{ op: "delete", start: "1#00" }] }, { cwd: empty.cwd })),
    ).toContain("the file is empty");
    expect(await errorOf(call(hashlineEditTool, { path: "nope.txt", edits: [{ op: "delete", start: "1#00" }] }, { cwd }))).toMatch(
      /^File not found/,
    );
  });
});

describe("read with hashline_edit active (kernel loop)", () => {
  it("shows anchored lines only while hashline_edit is active", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "f.txt"), "alpha\nbeta\ngamma\n");
    const h = await startKernel([toolsCore, hashlinePlugin], { cwd });
    const readAt = () => ({ toolCalls: [{ name: "read", arguments: { path: "f.txt", offset: 2, limit: 1 } }] });
    h.sim.push(readAt(), { text: "ok" });
    await h.kernel.actions.prompt("plain");
    h.kernel.actions.setActiveTools(["read", "hashline_edit"]);
    h.sim.push(readAt(), { text: "ok" });
    await h.kernel.actions.prompt("anchored");
    const results = h.kernel.agent.messages.filter((m) => m.role === "toolResult") as ToolResultMessage[];
    const texts = results.map((r) => (r.content[0] as { text: string }).text);
    expect(texts[0]).toBe("beta\n\n[1 more lines in file. Use offset=3 to continue.]");
    expect(texts[1]).toBe(`2#${lineHash("beta")}:beta\n\n[1 more lines in file. Use offset=3 to continue.]`);
    expect(h.sim.requests[2].tools.map((t) => t.name).sort()).toEqual(["hashline_edit", "read"]);
  });
});

describe("hashline_edit and edit on one file in one parallel batch", () => {
  it("queue behind each other, so neither change is lost", async () => {
    const cwd = await tempDir();
    const path = join(cwd, "f.txt");
    await writeFile(path, "one\ntwo\nthree\n");
    const h = await startKernel([toolsCore, hashlinePlugin], { cwd });
    h.kernel.actions.setActiveTools(["read", "edit", "hashline_edit"]);
    h.sim.push(
      {
        toolCalls: [
          { name: "edit", arguments: { path: "f.txt", edits: [{ oldText: "one", newText: "ONE" }] } },
          { name: "hashline_edit", arguments: { path: "f.txt", edits: [{ op: "replace", start: a(3, "three"), text: "THREE" }] } },
        ],
      },
      { text: "done" },
    );
    await h.kernel.actions.prompt("go");
    const results = h.kernel.agent.messages.filter((m) => m.role === "toolResult") as ToolResultMessage[];
    expect(results.map((r) => r.isError)).toEqual([false, false]);
    expect(await readFile(path, "utf8")).toBe("ONE\ntwo\nTHREE\n");
  });
});
