// One implementation of each built-in tool (issue 31, point 4): pi-compat's createEditTool edits
// through the EditOperations an extension gives (here an in-memory file system), and the toolkit's
// edit tool and pi-compat's createEditTool change a file the same way for the same edit, fuzzy
// matches included (smart quotes, Unicode dashes and spaces, trailing blanks, CRLF, BOM).
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createEditTool, createFileMutationQueue } from "../../lib/tool-kit/index.js";
import * as pi from "../../plugins/pi-compat/modules/coding-agent.js";
import { call, errorOf, tempDir } from "./tools-core/helpers.js";

type PiResult = { content: { type: string; text?: string }[]; details: { diff: string; patch: string; firstChangedLine?: number } };

/** A file system in a Map, with pi's EditOperations over it and a log of what was called. */
function memoryFs(files: Record<string, string>) {
  const disk = new Map(Object.entries(files).map(([path, text]) => [path, Buffer.from(text, "utf8")]));
  const calls: string[] = [];
  const missing = (path: string) => Object.assign(new Error(`ENOENT: ${path}`), { code: "ENOENT" });
  const operations = {
    access: async (path: string) => {
      calls.push(`access ${path}`);
      if (!disk.has(path)) throw missing(path);
    },
    readFile: async (path: string) => {
      calls.push(`read ${path}`);
      const data = disk.get(path);
      if (!data) throw missing(path);
      return data;
    },
    writeFile: async (path: string, content: string) => {
      calls.push(`write ${path}`);
      disk.set(path, Buffer.from(content, "utf8"));
    },
  };
  return { operations, calls, text: (path: string) => disk.get(path)?.toString("utf8") };
}

describe("pi-compat createEditTool over an extension's operations", () => {
  it("reads, matches and writes through them, never touching the disk", async () => {
    const fs = memoryFs({ "/virtual/src/app.ts": "\uFEFFconst a = “one”;\r\nconst b = 2;   \r\n" });
    const edit = pi.createEditTool("/virtual", { operations: fs.operations });
    const result = (await edit.execute("id", {
      path: "src/app.ts",
      edits: [
        { oldText: 'const a = "one";', newText: 'const a = "uno";' },
        { oldText: "const b = 2;", newText: "const b = 3;" },
      ],
    })) as PiResult;
    expect(result.content[0].text).toBe("Successfully replaced 2 block(s) in src/app.ts.");
    // BOM and CRLF kept; the fuzzy match (smart quotes) replaced just what it covered, the exact one too.
    expect(fs.text("/virtual/src/app.ts")).toBe('\uFEFFconst a = "uno";\r\nconst b = 3;   \r\n');
    expect(fs.calls).toEqual(["access /virtual/src/app.ts", "read /virtual/src/app.ts", "write /virtual/src/app.ts"]);
    expect(result.details.diff).toContain('+1 const a = "uno";');
    expect(result.details.firstChangedLine).toBe(1);
  });

  it("refuses through them with pi's words, writing nothing", async () => {
    const fs = memoryFs({ "/v/a.txt": "x\nx\n" });
    const edit = pi.createEditTool("/v", { operations: fs.operations });
    await expect(edit.execute("id", { path: "a.txt", edits: [{ oldText: "x", newText: "y" }] })).rejects.toThrow(
      "Found 2 occurrences of the text in a.txt.",
    );
    await expect(edit.execute("id", { path: "b.txt", edits: [{ oldText: "x", newText: "y" }] })).rejects.toThrow(
      "Could not edit file: b.txt. Error code: ENOENT.",
    );
    expect(fs.calls.filter((c) => c.startsWith("write"))).toEqual([]);
    expect(fs.text("/v/a.txt")).toBe("x\nx\n");
  });
});

// Lines of code with the characters models "improve" when they copy them.
const FANCY: [string, string][] = [
  ["\u201C", '"'],
  ["\u201D", '"'],
  ["\u2018", "'"],
  ["\u2019", "'"],
  ["\u2014", "-"],
  ["\u2013", "-"],
  ["\u00A0", " "],
  ["\u202F", " "],
];
const word = fc.stringMatching(/^[a-z]{1,6}$/);
const fancyChar = fc.constantFrom(...FANCY);
/** One line as [file text, the ASCII form a model would send]. */
const line = fc
  .array(
    fc.oneof(
      word.map((w) => [w, w] as [string, string]),
      fancyChar,
    ),
    { minLength: 1, maxLength: 6 },
  )
  .chain((parts) =>
    fc
      .constantFrom("", "  ", "\t")
      .map((trailing): [string, string] => [parts.map((p) => p[0]).join(" ") + trailing, parts.map((p) => p[1]).join(" ")]),
  );
const file = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 8 }),
  crlf: fc.boolean(),
  bom: fc.boolean(),
  from: fc.nat(),
  span: fc.integer({ min: 1, max: 3 }),
  exact: fc.boolean(),
  newText: word,
});

describe("the toolkit's edit and pi-compat's edit are one implementation", () => {
  it("change a file identically for the same edit, exact or fuzzy, or both refuse it", async () => {
    const cwd = await tempDir();
    const ours = createEditTool(createFileMutationQueue());
    const theirs = pi.createEditTool(cwd);
    await fc.assert(
      fc.asyncProperty(file, async ({ lines, crlf, bom, from, span, exact, newText }) => {
        const eol = crlf ? "\r\n" : "\n";
        const original = (bom ? "\uFEFF" : "") + lines.map((l) => l[0]).join(eol) + eol;
        const start = from % lines.length;
        const picked = lines.slice(start, start + span);
        const oldText = picked.map((l) => (exact ? l[0] : l[1])).join("\n");
        const edits = [{ oldText, newText }];
        await writeFile(join(cwd, "ours.txt"), original);
        await writeFile(join(cwd, "theirs.txt"), original);
        const ourError = await errorOf(call(ours, { path: "ours.txt", edits }, { cwd })).catch(() => undefined);
        const theirError = await (theirs.execute("id", { path: "theirs.txt", edits }) as Promise<unknown>).then(
          () => undefined,
          (e: Error) => e.message,
        );
        expect(theirError === undefined).toBe(ourError === undefined);
        expect(await readFile(join(cwd, "theirs.txt"), "utf8")).toBe(await readFile(join(cwd, "ours.txt"), "utf8"));
      }),
      { numRuns: 40 },
    );
  });
});
