// grep, find and ls on real fixture trees, run through both engines: ripgrep/fd (skipped with a
// clear message when they are not installed: apt packages ripgrep and fd-find) and the built-in
// walker (forced with PI_KERNEL_SEARCH=builtin).
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fdFor, rgPath } from "../../../lib/tool-kit/index.js";
import { findTool } from "../../../lib/tool-kit/index.js";
import { grepTool } from "../../../lib/tool-kit/index.js";
import { lsTool } from "../../../lib/tool-kit/index.js";
import { call, errorOf, tempDir, text } from "../tools-core/helpers.js";

/** A fixture tree that is also a git repository (a .git directory is all rg, fd and git look for). */
const repo = (files: Record<string, string>) => tree({ ".git/HEAD": "ref: refs/heads/main\n", ...files });

async function tree(files: Record<string, string>): Promise<string> {
  const root = await tempDir();
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(join(root, rel, ".."), { recursive: true });
    await writeFile(join(root, rel), content);
  }
  return root;
}

const env = { PATH: process.env.PATH };
const hasRg = !!rgPath(env);
// The find fixtures are git repositories, where any fd applies .gitignore (outside one, fd needs 8.7+).
const hasFd = !!fdFor(process.cwd(), env) || !!fdFor("/", env);
if (!hasRg) console.warn("tools-fs-search: rg is not on PATH, skipping the ripgrep runs (apt-get install ripgrep)");
if (!hasFd) console.warn("tools-fs-search: fd (or fdfind) is not on PATH, skipping the fd runs (apt-get install fd-find)");

const engines = [
  { name: "ripgrep/fd", builtin: false, skipGrep: !hasRg, skipFind: !hasFd },
  { name: "built-in", builtin: true, skipGrep: false, skipFind: false },
];

for (const engine of engines) {
  describe(`search tools (${engine.name})`, () => {
    const saved = process.env.PI_KERNEL_SEARCH;
    beforeEach(() => {
      if (engine.builtin) process.env.PI_KERNEL_SEARCH = "builtin";
      else delete process.env.PI_KERNEL_SEARCH;
    });
    afterEach(() => {
      if (saved === undefined) delete process.env.PI_KERNEL_SEARCH;
      else process.env.PI_KERNEL_SEARCH = saved;
    });

    it("says which engine ran", async () => {
      const cwd = await tree({ "a.txt": "hit\n" });
      const grep = await call(grepTool, { pattern: "hit" }, { cwd });
      const find = await call(findTool, { pattern: "*.txt" }, { cwd });
      expect((grep.details as { engine: string }).engine).toBe(engine.builtin || !hasRg ? "builtin" : "rg");
      expect((find.details as { engine: string }).engine).toBe(engine.builtin || !fdFor(cwd) ? "builtin" : "fd");
      const inRepo = await call(findTool, { pattern: "*.txt" }, { cwd: await repo({ "a.txt": "" }) });
      expect((inRepo.details as { engine: string }).engine).toBe(engine.builtin || !hasFd ? "builtin" : "fd");
    });

    it.skipIf(engine.skipGrep)(
      "grep: relative POSIX paths, line numbers, sorted, .gitignore and .git respected, hidden files searched",
      async () => {
        const cwd = await tree({
          ".gitignore": "build/\n*.log\n!keep.log\n",
          "src/a b.ts": "const x = 1;\nneedle here\n",
          "src/z.ts": "needle again\r\nno\n",
          ".hidden/h.txt": "needle hidden\n",
          "build/out.js": "needle ignored\n",
          "debug.log": "needle ignored\n",
          "keep.log": "needle kept\n",
          ".git/config": "needle in git\n",
        });
        const result = await call(grepTool, { pattern: "needle" }, { cwd });
        expect(text(result)).toBe(
          [".hidden/h.txt:1: needle hidden", "keep.log:1: needle kept", "src/a b.ts:2: needle here", "src/z.ts:1: needle again"].join("\n"),
        );
      },
    );

    it.skipIf(engine.skipGrep)("grep: nested .gitignore re-includes and a file path shows its base name", async () => {
      const cwd = await tree({ ".gitignore": "*.txt\n", "sub/.gitignore": "!want.txt\n", "sub/want.txt": "hit\n", "sub/no.txt": "hit\n" });
      expect(text(await call(grepTool, { pattern: "hit" }, { cwd }))).toBe("sub/want.txt:1: hit");
      expect(text(await call(grepTool, { pattern: "hit", path: "sub/no.txt" }, { cwd }))).toBe("no.txt:1: hit");
    });

    it.skipIf(engine.skipGrep)("grep: glob, ignoreCase, literal, context, Unicode", async () => {
      const cwd = await tree({ "a.ts": "one\nTwo (x)\nthree\n", "b.md": "two (x)\n", "u.ts": "naïve café ✓\n" });
      expect(text(await call(grepTool, { pattern: "two", glob: "*.ts", ignoreCase: true }, { cwd }))).toBe("a.ts:2: Two (x)");
      expect(text(await call(grepTool, { pattern: "(x)", literal: true, glob: "!*.ts" }, { cwd }))).toBe("b.md:1: two (x)");
      expect(text(await call(grepTool, { pattern: "Two", context: 1 }, { cwd }))).toBe("a.ts-1- one\na.ts:2: Two (x)\na.ts-3- three");
      expect(text(await call(grepTool, { pattern: "café ✓" }, { cwd }))).toBe("u.ts:1: naïve café ✓");
    });

    it.skipIf(engine.skipGrep)("grep: match limit, long lines and the 50 KB cap come with notices", async () => {
      const cwd = await tree({
        "many.txt": Array.from({ length: 150 }, (_, i) => `hit ${i}`).join("\n"),
        "long.txt": `hit ${"x".repeat(600)}\n`,
      });
      const limited = text(await call(grepTool, { pattern: "hit", path: "many.txt" }, { cwd }));
      expect(limited.split("\n")).toHaveLength(102);
      expect(limited.endsWith("[100 matches limit reached. Use limit=200 for more, or refine pattern]")).toBe(true);
      const long = text(await call(grepTool, { pattern: "hit", path: "long.txt" }, { cwd }));
      expect(long).toBe(
        `long.txt:1: hit ${"x".repeat(496)}... [truncated]\n\n[Some lines truncated to 500 chars. Use read tool to see full lines]`,
      );
      const big = await tree({ "big.txt": Array.from({ length: 400 }, () => `hit ${"y".repeat(300)}`).join("\n") });
      const capped = text(await call(grepTool, { pattern: "hit", limit: 1000 }, { cwd: big }));
      const [body, notice] = capped.split("\n\n");
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(50 * 1024);
      expect(notice).toBe("[50.0KB limit reached]");
    });

    it.skipIf(engine.skipGrep)("grep: BOM, CRLF and empty files", async () => {
      const cwd = await tree({ "bom.txt": "\uFEFFhit one\r\nmiss\r\nhit two\r\n", "empty.txt": "" });
      expect(text(await call(grepTool, { pattern: "^hit \\w+$" }, { cwd }))).toBe("bom.txt:1: hit one\nbom.txt:3: hit two");
      expect(text(await call(grepTool, { pattern: "miss", context: 1 }, { cwd }))).toBe(
        "bom.txt-1- hit one\nbom.txt:2: miss\nbom.txt-3- hit two",
      );
      expect(text(await call(grepTool, { pattern: "x", path: "empty.txt" }, { cwd }))).toBe("No matches found");
    });

    it.skipIf(engine.skipGrep)("grep: no matches, a missing path, an invalid regex", async () => {
      const cwd = await tree({ "a.txt": "alpha\n" });
      expect(text(await call(grepTool, { pattern: "zzz" }, { cwd }))).toBe("No matches found");
      expect(await errorOf(call(grepTool, { pattern: "a", path: "nope" }, { cwd }))).toBe(`Path not found: ${join(cwd, "nope")}`);
      expect(await errorOf(call(grepTool, { pattern: "(" }, { cwd }))).toMatch(/regex|regular expression/i);
    });

    it.skipIf(engine.skipFind)("find: name and path globs, directories marked, .gitignore respected, limit notice", async () => {
      const cwd = await repo({
        ".gitignore": "dist/\n",
        "src/a.spec.ts": "",
        "src/deep/b.spec.ts": "",
        "src/c.ts": "",
        "dist/x.spec.ts": "",
        ".config/d.spec.ts": "",
        "my dir/e f.ts": "",
      });
      expect(text(await call(findTool, { pattern: "*.spec.ts" }, { cwd }))).toBe(".config/d.spec.ts\nsrc/a.spec.ts\nsrc/deep/b.spec.ts");
      expect(text(await call(findTool, { pattern: "src/**/*.spec.ts" }, { cwd }))).toBe("src/a.spec.ts\nsrc/deep/b.spec.ts");
      expect(text(await call(findTool, { pattern: "deep" }, { cwd }))).toBe("src/deep/");
      expect(text(await call(findTool, { pattern: "*.ts", path: "my dir" }, { cwd }))).toBe("e f.ts");
      expect(text(await call(findTool, { pattern: "*.ts", limit: 2 }, { cwd }))).toMatch(
        /\n\n\[2 results limit reached\. Use limit=4 for more, or refine pattern\]$/,
      );
      expect(text(await call(findTool, { pattern: "*.nothing" }, { cwd }))).toBe("No files found matching pattern");
      expect(await errorOf(call(findTool, { pattern: "*", path: "src/c.ts" }, { cwd }))).toMatch(/^Not a directory/);
    });

    it.skipIf(engine.skipFind)("find: lists a symlink without following it", async () => {
      const cwd = await repo({ "real/inner.txt": "" });
      await symlink(join(cwd, "real"), join(cwd, "link"));
      expect(text(await call(findTool, { pattern: "inner.txt" }, { cwd }))).toBe("real/inner.txt");
    });
  });
}

describe("ls", () => {
  it("sorts case-insensitively, marks directories, includes dotfiles", async () => {
    const cwd = await tree({ "b.txt": "", "A.txt": "", ".env": "", "dir/x": "" });
    await symlink(join(cwd, "dir"), join(cwd, "link-to-dir"));
    await symlink(join(cwd, "missing"), join(cwd, "dangling"));
    expect(text(await call(lsTool, {}, { cwd }))).toBe(".env\nA.txt\nb.txt\ndir/\nlink-to-dir/");
  });

  it("limits entries, reports empty, missing and non-directory paths", async () => {
    const cwd = await tree(Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`f${i}`, ""])));
    expect(text(await call(lsTool, { limit: 5 }, { cwd }))).toBe("f0\nf1\nf2\nf3\nf4\n\n[5 entries limit reached. Use limit=10 for more]");
    await mkdir(join(cwd, "empty"));
    expect(text(await call(lsTool, { path: "empty" }, { cwd }))).toBe("(empty directory)");
    expect(await errorOf(call(lsTool, { path: "nope" }, { cwd }))).toBe(`Path not found: ${join(cwd, "nope")}`);
    expect(await errorOf(call(lsTool, { path: "f0" }, { cwd }))).toBe(`Not a directory: ${join(cwd, "f0")}`);
  });
});
