// The lsp plugin's servers beyond TypeScript: a server that is not installed is skipped with one
// line (never an error per edit), a server that hangs or floods costs an edit at most lsp.waitMs
// and says so, pyright (a dev dependency, bundled, no download) reports Python errors, and the
// settings merge over the built-in servers.
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { withoutUntrusted } from "../../../lib/packages/index.js";
import lsp from "../../../plugins/lsp/index.js";
import { serverConfigs } from "../../../plugins/lsp/settings.js";
import toolsCore from "../../../plugins/tools-core/index.js";
import { type Harness, lastResult, startKernel } from "../../kernel/harness.js";

const BIN = resolve("node_modules/.bin");
if (!readFileSync(join(BIN, "pyright-langserver"), "utf8")) throw new Error("npm install: pyright is missing");
process.env.PATH = `${BIN}${delimiter}${process.env.PATH}`;
const FLOOD = resolve("test/plugins/lsp/flood-server.mjs");

let h: Harness | undefined;
afterEach(async () => {
  await h?.kernel.stop();
  h = undefined;
});

async function agent(settings: Record<string, unknown>) {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "pik-lsp-")));
  h = await startKernel([toolsCore, lsp], { cwd: dir, settings: { lsp: settings } });
  const write = async (path: string, content: string) => {
    h!.sim.push({ toolCalls: [{ name: "write", arguments: { path, content } }] }, { text: "ok" });
    await h!.kernel.actions.prompt("go");
    return lastResult(h!);
  };
  const status = () => String(h!.kernel.host.current.registry.get("command", "lsp")!.handler("", {} as never));
  return { dir, h, write, status };
}

describe("lsp servers", () => {
  it("skips a server that is not installed with one line, never an error per edit", async () => {
    const a = await agent({ servers: { typescript: { command: "pik-no-such-language-server" } } });
    writeFileSync(join(a.dir, "package.json"), "{}");
    for (const name of ["a.ts", "b.ts", "sub/c.ts"]) {
      const result = await a.write(name, "export const x: number = 'no';\n");
      expect(result).toMatch(/^Successfully wrote \d+ bytes to /);
      expect(result).not.toContain("LSP");
    }
    const lines = a.h.diagnostics.filter((d) => d.code === "lsp").map((d) => d.message);
    expect(lines).toEqual([
      "lsp: typescript skipped: pik-no-such-language-server is not installed " +
        "(not on PATH; the project's node_modules/.bin is used once the project is trusted); " +
        "install it or set lsp.servers.typescript.command",
    ]);
    expect(a.h.diagnostics.filter((d) => d.level === "error")).toEqual([]);
    // No server runs: the lsp tools are not there (the default tool set and prompt stay as they were).
    expect(a.h.kernel.host.current.registry.get("tool", "lsp")).toBeUndefined();
    // A file in no project (no root marker above it) gets no server at all.
    const loose = join(mkdtempSync(join(tmpdir(), "pik-lsp-loose-")), "loose.ts");
    expect(await a.write(loose, "export const y: number = 'no';\n")).not.toContain("LSP");
    expect(a.status()).toMatch(
      /typescript: pik-no-such-language-server --stdio for .*\n {2}\.: missing — pik-no-such-language-server not found/,
    );
  });

  it("a server that never answers, or floods, costs an edit at most lsp.waitMs and says so", async () => {
    const a = await agent({
      waitMs: 400,
      servers: {
        hang: { command: process.execPath, args: ["-e", "setInterval(() => {}, 1000)"], extensions: [".hang"] },
        flood: { command: process.execPath, args: [FLOOD], extensions: [".flood"] },
      },
    });
    expect(await a.write("x.hang", "text\n")).toMatch(/\n\nLSP \(hang\): the server is still starting; x\.hang was not checked\.$/);
    const flooded = await a.write("y.flood", "text\n");
    expect(flooded).toMatch(
      /\n\nLSP \(flood\): (no answer within 400 ms; y\.flood was not checked|the server is still starting; y\.flood was not checked)\.$/,
    );
    // The agent goes on: another turn runs normally.
    expect(await a.write("plain.txt", "x\n")).not.toContain("LSP");
  });

  it("reports Python type errors through pyright", async () => {
    const a = await agent({ waitMs: 120_000 });
    writeFileSync(join(a.dir, "pyproject.toml"), '[project]\nname = "demo"\n');
    const result = await a.write("demo.py", "def twice(x: int) -> int:\n    return x * 2\n\nlabel: str = twice(2)\n");
    // A server runs: the tools are there, waiting behind tool_search.
    const registry = a.h.kernel.host.current.registry;
    for (const name of ["lsp", "lsp_rename"]) expect(registry.get("tool", name)).toMatchObject({ deferred: true, defaultActive: false });
    expect(registry.get("tool", "lsp_rename")).toMatchObject({ effect: "edit" });
    expect(result).toMatch(
      /LSP \(python\): 1 error in demo\.py after this change:\n {2}demo\.py:4:14 error reportAssignmentType: Type "int" is not assignable to declared type "str"/,
    );
  }, 120_000);

  it("merges settings over the built-in servers", () => {
    const configs = serverConfigs({
      typescript: { args: ["--stdio", "--log-level", "4"] },
      python: { disabled: true },
      go: { command: "gopls", extensions: ["go"] },
    });
    expect(configs.map((c) => [c.name, c.command, c.args.join(" "), c.extensions.slice(0, 2).join(" ")])).toEqual([
      ["typescript", "typescript-language-server", "--stdio --log-level 4", ".ts .tsx"],
      ["go", "gopls", "", ".go"],
    ]);
    expect(configs[0]!.rootMarkers).toContain("tsconfig.json");
    // An untrusted project's settings cannot name programs to run.
    expect(withoutUntrusted({ lsp: { waitMs: 5, servers: { typescript: { command: "./evil" } } } })).toEqual({ lsp: { waitMs: 5 } });
  });
});
