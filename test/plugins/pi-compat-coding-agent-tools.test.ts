// pi's built-in tools as extensions build them from @earendil-works/pi-coding-agent
// (createReadTool(cwd) and friends): real files in a temp folder, pi's output texts and details,
// custom operations, and the per-file mutation queue.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as pi from "../../plugins/pi-compat/modules/coding-agent.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pi-agent-tools-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const textOf = (r: { content: { type: string; text?: string }[] }) => r.content.map((c) => c.text ?? "").join("");
const run = (tool: { execute: (...a: never[]) => Promise<unknown> }, params: unknown) =>
  (tool.execute as (...a: unknown[]) => Promise<{ content: { type: string; text?: string; data?: string }[]; details: any }>)(
    "call-1",
    params,
    undefined,
    undefined,
  );

describe("read", () => {
  it("pages a text file with pi's continuation notes", async () => {
    writeFileSync(join(dir, "a.txt"), Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join("\n"));
    const read = pi.createReadTool(dir);
    expect(read.name).toBe("read");
    expect(textOf(await run(read, { path: "a.txt", offset: 3, limit: 2 }))).toBe(
      "line 3\nline 4\n\n[6 more lines in file. Use offset=5 to continue.]",
    );
    expect(textOf(await run(read, { path: "a.txt", offset: 9 }))).toBe("line 9\nline 10");
    await expect(run(read, { path: "a.txt", offset: 50 })).rejects.toThrow("Offset 50 is beyond end of file (10 lines total)");
    await expect(run(read, { path: "missing.txt" })).rejects.toThrow(/ENOENT/);
  });

  it("cuts at 2,000 lines and tells where to continue; images come back as attachments", async () => {
    writeFileSync(join(dir, "big.txt"), Array.from({ length: 2500 }, (_, i) => `${i + 1}`).join("\n"));
    const result = await run(pi.createReadTool(dir), { path: "big.txt" });
    expect(textOf(result)).toMatch(/\[Showing lines 1-2000 of 2500\. Use offset=2001 to continue\.\]$/);
    expect(result.details.truncation).toMatchObject({ truncated: true, truncatedBy: "lines", outputLines: 2000 });
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    writeFileSync(join(dir, "dot.png"), png);
    const image = await run(pi.createReadTool(dir), { path: "dot.png" });
    expect(image.content[0]).toEqual({ type: "text", text: "Read image file [image/png]" });
    expect(image.content[1]).toMatchObject({ type: "image", mimeType: "image/png", data: png.toString("base64") });
  });

  it("reads through the operations an extension gives (a remote or sandboxed file system)", async () => {
    const seen: string[] = [];
    const read = pi.createReadToolDefinition("/remote", {
      operations: {
        readFile: async (p) => (seen.push(p), Buffer.from("remote text")),
        access: async () => undefined,
      },
    });
    const result = await read.execute("id", { path: "x.md" }, undefined, undefined, { cwd: "/elsewhere" });
    expect(textOf(result)).toBe("remote text");
    expect(seen).toEqual(["/elsewhere/x.md"]);
    expect(read.promptGuidelines).toEqual(["Use read to examine files instead of cat or sed."]);
  });
});

describe("write and edit", () => {
  it("writes with parent folders, then edits with pi's diff and patch, keeping CRLF and BOM", async () => {
    const write = pi.createWriteTool(dir);
    expect(textOf(await run(write, { path: "deep/x/f.ts", content: "\uFEFFa\r\nb\r\nc\r\n" }))).toBe("Successfully wrote to deep/x/f.ts");
    const edit = pi.createEditTool(dir);
    const result = await run(edit, { path: "deep/x/f.ts", edits: [{ oldText: "b", newText: "B" }] });
    expect(textOf(result)).toBe("Successfully replaced 1 block(s) in deep/x/f.ts.");
    expect(readFileSync(join(dir, "deep/x/f.ts"), "utf8")).toBe("\uFEFFa\r\nB\r\nc\r\n");
    expect(result.details.diff).toBe(" 1 a\n-2 b\n+2 B\n 3 c");
    expect(result.details.firstChangedLine).toBe(2);
    expect(result.details.patch).toContain("--- deep/x/f.ts\n+++ deep/x/f.ts\n@@ -1,3 +1,3 @@");
  });

  it("refuses missing, repeated and overlapping text with pi's messages; accepts legacy and fuzzy forms", async () => {
    writeFileSync(join(dir, "f.txt"), "one\ntwo two\n“quoted”   \nend\n");
    const edit = pi.createEditTool(dir);
    await expect(run(edit, { path: "f.txt", edits: [{ oldText: "zzz", newText: "y" }] })).rejects.toThrow(
      "Could not find the exact text in f.txt. The old text must match exactly including all whitespace and newlines.",
    );
    await expect(run(edit, { path: "f.txt", edits: [{ oldText: "two", newText: "y" }] })).rejects.toThrow(
      "Found 2 occurrences of the text in f.txt.",
    );
    await expect(
      run(edit, {
        path: "f.txt",
        edits: [
          { oldText: "one\ntwo", newText: "1" },
          { oldText: "two two", newText: "2" },
        ],
      }),
    ).rejects.toThrow("edits[0] and edits[1] overlap in f.txt.");
    await expect(run(edit, { path: "nope.txt", edits: [{ oldText: "a", newText: "b" }] })).rejects.toThrow(
      "Could not edit file: nope.txt. Error code: ENOENT.",
    );
    // Legacy top-level oldText/newText, and a smart-quoted line matched by its ASCII form.
    await run(edit, { path: "f.txt", oldText: "one", newText: "ONE" } as never);
    await run(edit, { path: "f.txt", edits: [{ oldText: '"quoted"', newText: '"plain"' }] });
    expect(readFileSync(join(dir, "f.txt"), "utf8")).toBe('ONE\ntwo two\n"plain"\nend\n');
  });

  it("queues mutations of one file: a slow write finishes before the next one starts", async () => {
    const order: string[] = [];
    let release!: () => void;
    let started!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const running = new Promise<void>((r) => {
      started = r;
    });
    const first = pi.withFileMutationQueue(join(dir, "q.txt"), async () => {
      order.push("first start");
      started();
      await gate;
      order.push("first end");
    });
    const second = pi.withFileMutationQueue(join(dir, ".", "q.txt"), async () => {
      order.push("second");
    });
    // Another file's mutation does not wait: once it is done, the second call has been queued too.
    await running;
    await pi.withFileMutationQueue(join(dir, "other.txt"), async () => order.push("other"));
    expect(order).toEqual(["first start", "other"]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(["first start", "other", "first end", "second"]);
  });
});

describe("bash", () => {
  it("returns output, throws on a non-zero exit with the output, and runs through given operations", async () => {
    const bash = pi.createBashTool(dir);
    expect(textOf(await run(bash, { command: "echo hi; echo err >&2" }))).toBe("hi\nerr\n");
    expect(textOf(await run(bash, { command: "true" }))).toBe("(no output)");
    await expect(run(bash, { command: "echo partial; exit 3" })).rejects.toThrow("partial\n\n\nCommand exited with code 3");
    await expect(run(bash, { command: "sleep 5", timeout: 0.2 })).rejects.toThrow("Command timed out after 0.2 seconds");
    const commands: string[] = [];
    const remote = pi.createBashTool(dir, {
      commandPrefix: "set -e",
      operations: {
        exec: async (command, _cwd, { onData }) => {
          commands.push(command);
          onData(Buffer.from("from remote"));
          return { exitCode: 0 };
        },
      },
    });
    expect(textOf(await run(remote, { command: "ls" }))).toBe("from remote");
    expect(commands).toEqual(["set -e\nls"]);
  });

  it("keeps the tail of long output and saves the whole of it", async () => {
    const result = await run(pi.createBashTool(dir), { command: "seq 1 3000" });
    const text = textOf(result);
    expect(text).toMatch(/^1002\n/);
    expect(text).toMatch(/\[Showing lines 1002-3001 of 3001\. Full output: .+\]$/);
    expect(readFileSync(result.details.fullOutputPath, "utf8").split("\n")).toHaveLength(3001);
    expect(pi.getShellConfig()).toMatchObject({ args: ["-c"] });
    expect(() => pi.getShellConfig(join(dir, "no-shell"))).toThrow("Custom shell path not found");
  });
});

describe("ls, find and grep", () => {
  beforeEach(() => {
    mkdirSync(join(dir, "src/lib"), { recursive: true });
    mkdirSync(join(dir, "build"));
    writeFileSync(join(dir, ".gitignore"), "build/\n");
    writeFileSync(join(dir, "src/a.ts"), "export const needle = 1;\n");
    writeFileSync(join(dir, "src/lib/b.ts"), "// no\nconst Needle = 2;\n");
    writeFileSync(join(dir, "build/out.ts"), "needle in build\n");
    writeFileSync(join(dir, "README.md"), "readme\n");
  });

  it("lists a folder as pi does", async () => {
    expect(textOf(await run(pi.createLsTool(dir), {}))).toBe(".gitignore\nbuild/\nREADME.md\nsrc/");
    expect(textOf(await run(pi.createLsTool(dir), { limit: 2 }))).toBe(
      ".gitignore\nbuild/\n\n[2 entries limit reached. Use limit=4 for more]",
    );
  });

  it("finds files by glob, honouring .gitignore", async () => {
    expect(textOf(await run(pi.createFindTool(dir), { pattern: "*.ts" }))).toBe("src/a.ts\nsrc/lib/b.ts");
    expect(textOf(await run(pi.createFindTool(dir), { pattern: "*.nothing" }))).toBe("No files found matching pattern");
  });

  it("greps with pi's line format, case and literal options, and context lines", async () => {
    expect(textOf(await run(pi.createGrepTool(dir), { pattern: "needle" }))).toBe("src/a.ts:1: export const needle = 1;");
    expect(textOf(await run(pi.createGrepTool(dir), { pattern: "needle", ignoreCase: true, context: 1, glob: "b.ts" }))).toBe(
      "src/lib/b.ts-1- // no\nsrc/lib/b.ts:2: const Needle = 2;",
    );
    expect(textOf(await run(pi.createGrepTool(dir), { pattern: "(", literal: true }))).toBe("No matches found");
  });

  it("builds pi's tool sets", () => {
    expect(pi.createCodingTools(dir).map((t) => t.name)).toEqual(["read", "bash", "edit", "write"]);
    expect(pi.createReadOnlyTools(dir).map((t) => t.name)).toEqual(["read", "grep", "find", "ls"]);
    expect(pi.createGrepToolDefinition(dir).promptSnippet).toBeTruthy();
  });
});
