// LSP (issue 36): what the lsp plugin adds to an edit of a small TypeScript file with the
// typescript-language-server warm (target: p50 < 300 ms). The real edit tool and the plugin's real
// toolResult tap (dist/plugins/lsp/after-edit.js, its server pool and client) on a small project;
// the tap is timed alone, alternating a clean edit and one that introduces a type error.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { ROOT, stats } from "./measure.mjs";

export const title = "lsp: diagnostics added to an edit (typescript-language-server, warm)";

const dist = (p) => import(join(ROOT, "dist", p));

export async function rows(runs) {
  const n = runs || 20;
  process.env.PATH = `${join(ROOT, "node_modules", ".bin")}${delimiter}${process.env.PATH}`;
  const { createEditTool, createFileMutationQueue } = await dist("lib/tool-kit/index.js");
  const { afterToolResult } = await dist("plugins/lsp/after-edit.js");
  const { ServerPool } = await dist("plugins/lsp/pool.js");
  const { lspOptions } = await dist("plugins/lsp/settings.js");
  const dir = mkdtempSync(join(tmpdir(), "pik-bench-lsp-"));
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true } }));
  writeFileSync(join(dir, "math.ts"), "export function add(a: number, b: number): number {\n  return a + b;\n}\n");
  const file = join(dir, "main.ts");
  const body = Array.from({ length: 40 }, (_, i) => `export const v${i}: number = add(${i}, 1);`).join("\n");
  writeFileSync(file, `import { add } from "./math.js";\n${body}\nexport const last: number = add(1, 2);\n`);

  const edit = createEditTool(createFileMutationQueue());
  const options = lspOptions({ lsp: { waitMs: 60_000 } });
  const pool = new ServerPool(dir, () => options.servers);
  const api = { cwd: dir, registry: { get: () => edit } };
  const tap = afterToolResult(
    api,
    pool,
    () => options,
    () => undefined,
  );
  const signal = new AbortController().signal;
  const time = async (fn) => {
    const t0 = process.hrtime.bigint();
    const out = await fn();
    return [Number(process.hrtime.bigint() - t0) / 1e6, out];
  };
  const step = async (from, to) => {
    const input = { path: "main.ts", edits: [{ oldText: from, newText: to }] };
    const [editMs, result] = await time(() => edit.execute("b", input, signal, () => {}, { cwd: dir, signal, toolCallId: "b" }));
    const [lspMs, event] = await time(() => tap({ toolCallId: "b", toolName: "edit", input, result, isError: false }));
    return { editMs, lspMs, text: event.result.content.at(-1).text };
  };
  try {
    const [coldMs] = await time(() => step("add(1, 2)", "add(1, 3)"));
    const plain = [];
    const added = [];
    const erring = [];
    for (let i = 0; i < n; i++) {
      const broken = await step("add(1, 3)", 'add(1, "3")');
      if (!broken.text.includes("TS2345")) throw new Error(`no type error reported: ${broken.text}`);
      const fixed = await step('add(1, "3")', "add(1, 3)");
      plain.push(broken.editMs, fixed.editMs);
      erring.push(broken.lspMs);
      added.push(fixed.lspMs);
    }
    return [
      { name: "edit tool alone (41-line file)", n: 2 * n, ...stats(plain) },
      { name: "first edit: server cold start + check", n: 1, ...stats([coldMs]) },
      { name: "added by lsp, edit that fixes the error", n, ...stats(added) },
      { name: "added by lsp, edit that introduces one", n, ...stats(erring) },
    ];
  } finally {
    await pool.stopAll();
    rmSync(dir, { recursive: true, force: true });
  }
}
