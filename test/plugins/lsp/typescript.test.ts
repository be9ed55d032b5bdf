// The lsp plugin with the real TypeScript language server (typescript-language-server 5.x, a dev
// dependency), in a real kernel with the real write and edit tools: one server start shared by the
// whole file. An edit that breaks a type gets the error in the same tool result, the fix clears it,
// any tool that declares effect "edit" is covered, definition/references/rename work on a small
// project, and a killed server is restarted (named in a diagnostic).
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definePlugin, type ToolDef, Type } from "../../../kernel/index.js";
import lsp from "../../../plugins/lsp/index.js";
import toolsCore from "../../../plugins/tools-core/index.js";
import { type Harness, lastResult, startKernel, until } from "../../kernel/harness.js";

const BIN = resolve("node_modules/.bin");
if (!readFileSync(join(BIN, "typescript-language-server"), "utf8")) throw new Error("npm install: typescript-language-server is missing");
// The built-in server config finds the server on PATH, as a user's would.
process.env.PATH = `${BIN}${delimiter}${process.env.PATH}`;

// A tool of a third-party plugin that declares it edits: covered like edit, by what it declares.
const patchTool = definePlugin({
  name: "patcher",
  setup(api) {
    const parameters = Type.Object({ file: Type.String(), text: Type.String() });
    api.register.tool({
      name: "patch_file",
      description: "replaces a file",
      parameters,
      effect: "edit",
      paths: (p: { file: string }) => [p.file],
      async execute(_id: string, p: { file: string; text: string }) {
        writeFileSync(join(api.cwd, p.file), p.text);
        return { content: [{ type: "text", text: `patched ${p.file}` }] };
      },
    } as unknown as ToolDef);
  },
});

let h: Harness;
let dir: string;
const run = async (name: string, args: Record<string, unknown>) => {
  h.sim.push({ toolCalls: [{ name, arguments: args }] }, { text: "ok" });
  await h.kernel.actions.prompt("go");
  return lastResult(h);
};
const lspCall = (args: Record<string, unknown>, tool = "lsp") => {
  const signal = new AbortController().signal;
  const def = h.kernel.host.current.registry.get("tool", tool)!;
  return def
    .execute("t", args as never, signal, () => {}, { cwd: dir, signal, toolCallId: "t" })
    .then((r) => (r.content[0] as { text: string }).text);
};
const status = () => String(h.kernel.host.current.registry.get("command", "lsp")!.handler("", {} as never));

beforeAll(async () => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), "pik-lsp-ts-")));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "nodenext", noEmit: true } }),
  );
  writeFileSync(join(dir, "math.ts"), "export function add(a: number, b: number): number {\n  return a + b;\n}\n");
  writeFileSync(
    join(dir, "main.ts"),
    'import { add } from "./math.js";\n\nexport const total: number = add(1, 2);\nexport const twice = add(total, total);\n',
  );
  // A generous wait: the first check waits for the server's cold start (no timed assertion here).
  h = await startKernel([toolsCore, lsp, patchTool], { cwd: dir, settings: { lsp: { waitMs: 120_000, deferTools: false } } });
}, 30_000);
afterAll(() => h?.kernel.stop());

describe("lsp with typescript-language-server", () => {
  it("an edit that breaks a type gets the error in the same result; the fix clears it", async () => {
    const broken = await run("edit", { path: "main.ts", edits: [{ oldText: "add(1, 2)", newText: 'add(1, "2")' }] });
    expect(broken).toContain("Successfully replaced 1 block(s)");
    expect(broken).toMatch(
      /LSP \(typescript\): 1 error in main\.ts after this change:\n {2}main\.ts:3:37 error TS2345: Argument of type 'string'/,
    );

    const fixed = await run("edit", { path: "main.ts", edits: [{ oldText: 'add(1, "2")', newText: "add(1, 2)" }] });
    expect(fixed).not.toContain("TS2345");
    expect(fixed).toContain("LSP (typescript): no errors in main.ts now (1 fixed).");

    // A clean edit of a clean file says nothing more.
    const clean = await run("write", { path: "extra.ts", content: "export const x = 1;\n" });
    expect(clean).not.toContain("LSP");
  }, 120_000);

  it("covers any tool that declares effect edit, and only the touched file's diagnostics", async () => {
    // math.ts changes its signature: main.ts breaks too, but only math.ts was touched.
    const result = await run("patch_file", {
      file: "math.ts",
      text: "export function add(a: number, b: number): number {\n  return a + b + c;\n}\n",
    });
    expect(result).toMatch(
      /^patched math\.ts\n\nLSP \(typescript\): 1 error in math\.ts after this change:\n {2}math\.ts:2:18 error TS2304: Cannot find name 'c'\.$/,
    );
    await run("patch_file", { file: "math.ts", text: "export function add(a: number, b: number): number {\n  return a + b;\n}\n" });
  }, 60_000);

  it("finds definitions and references, and renames through the edit path", async () => {
    expect(await lspCall({ operation: "definition", path: "main.ts", line: 3, symbol: "add" })).toBe(
      "math.ts:1:17: export function add(a: number, b: number): number {",
    );
    const refs = (await lspCall({ operation: "references", path: "math.ts", line: 1, symbol: "add" })).split("\n");
    expect(refs).toEqual(
      expect.arrayContaining([
        "math.ts:1:17: export function add(a: number, b: number): number {",
        'main.ts:1:10: import { add } from "./math.js";',
        "main.ts:3:30: export const total: number = add(1, 2);",
        "main.ts:4:22: export const twice = add(total, total);",
      ]),
    );
    expect(await lspCall({ operation: "hover", path: "main.ts", line: 4, symbol: "twice" })).toContain("const twice: number");
    expect(await lspCall({ operation: "document_symbols", path: "main.ts" })).toContain("constant total (line 3)");

    const renamed = await lspCall({ path: "math.ts", line: 1, symbol: "add", newName: "sum" }, "lsp_rename");
    expect(renamed).toMatch(/Renamed "add" to "sum": 4 edit\(s\) in 2 file\(s\)/);
    expect(readFileSync(join(dir, "main.ts"), "utf8")).toContain("export const twice = sum(total, total);");
    expect(readFileSync(join(dir, "math.ts"), "utf8")).toContain("export function sum(");
    expect(await lspCall({ operation: "workspace_symbols", query: "sum" })).toMatch(/function sum — math\.ts:1:1/);
  }, 60_000);

  it("restarts a killed server, names it in a diagnostic, and checks the next edit", async () => {
    const pid = Number(/running pid (\d+)/.exec(status())?.[1]);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, "SIGKILL");
    await until(
      () => h.diagnostics.some((d) => /lsp: typescript \(\.\) killed by SIGKILL; restarting in 0\.5 s/.test(d.message)),
      "the crash report",
    );
    const broken = await run("edit", { path: "main.ts", edits: [{ oldText: "(total, total)", newText: '(total, "x")' }] });
    expect(broken).toContain("error TS2345");
    expect(status()).toMatch(/\.: running pid \d+, \d+ open file\(s\), 1 restart\(s\)/);
    expect(status()).not.toContain(`pid ${pid},`);
  }, 120_000);
});
