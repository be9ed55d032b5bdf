// Tool figures: edit on a 10 MB file, grep over a 10,000-file tree (ripgrep and the built-in
// engine), and the fixed prompt cost (default system prompt + default tool definitions, in
// chars/4 tokens; the test budget is 1,000). Runs the compiled tools from dist/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, stats } from "./measure.mjs";

export const title = "tools: edit, grep, prompt size";

const dist = (p) => import(join(ROOT, "dist", p));

async function timeIt(name, n, fn, unit = "ms") {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await fn(i);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return { name, ...stats(times), unit };
}

const call = (tool, params, cwd) => {
  const signal = new AbortController().signal;
  return tool.execute("bench", params, signal, () => {}, { cwd, signal, toolCallId: "bench" });
};

export async function rows(runs) {
  const n = Math.max(3, runs);
  const dir = mkdtempSync(join(tmpdir(), "pik-bench-tools-"));
  try {
    return [...(await editRows(dir, n)), ...(await grepRows(dir, n)), await promptRow(dir)];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function editRows(dir, n) {
  const { createEditTool } = await dist("lib/tool-kit/index.js");
  const { createFileMutationQueue } = await dist("lib/tool-kit/index.js");
  const editTool = createEditTool(createFileMutationQueue());
  const lines = Array.from({ length: 200_000 }, (_, i) => `line ${i} ${"x".repeat(40)}  `);
  const content = lines.join("\n") + "\n"; // ~10 MB
  const file = join(dir, "big.txt");
  const exact = await timeIt("edit 10 MB file (exact match, middle)", n, async (i) => {
    writeFileSync(file, content);
    await call(editTool, { path: file, edits: [{ oldText: `line 100000 ${"x".repeat(40)}`, newText: `changed ${i}` }] }, dir);
  });
  const fuzzy = await timeIt("edit 10 MB file (normalised match, near end)", n, async (i) => {
    writeFileSync(file, content);
    await call(
      editTool,
      { path: file, edits: [{ oldText: `line 199990 ${"x".repeat(40)}\nline 199991 ${"x".repeat(40)}`, newText: `changed ${i}` }] },
      dir,
    );
  });
  return [exact, fuzzy];
}

async function grepRows(dir, n) {
  const tree = join(dir, "tree");
  for (let d = 0; d < 100; d++) {
    mkdirSync(join(tree, `dir${d}`), { recursive: true });
    for (let f = 0; f < 100; f++) {
      const body = Array.from({ length: 40 }, (_, l) => `const v${l} = ${d * f + l}; // filler text`).join("\n");
      writeFileSync(join(tree, `dir${d}`, `f${f}.ts`), f === 7 ? `${body}\nNEEDLE_${d}\n` : `${body}\n`);
    }
  }
  writeFileSync(join(tree, ".gitignore"), "dir9*/\n");
  const { grepTool } = await dist("lib/tool-kit/index.js");
  const { rgPath } = await dist("lib/tool-kit/index.js");
  const out = [];
  const saved = process.env.PI_KERNEL_SEARCH;
  try {
    if (rgPath()) out.push(await timeIt("grep 10,000-file tree (ripgrep)", n, () => call(grepTool, { pattern: "NEEDLE_\\d+" }, tree)));
    process.env.PI_KERNEL_SEARCH = "builtin";
    out.push(await timeIt("grep 10,000-file tree (built-in)", n, () => call(grepTool, { pattern: "NEEDLE_\\d+" }, tree)));
  } finally {
    if (saved === undefined) delete process.env.PI_KERNEL_SEARCH;
    else process.env.PI_KERNEL_SEARCH = saved;
  }
  return out;
}

async function promptRow(dir) {
  const { createKernel } = await dist("kernel/index.js");
  const plugins = await Promise.all(
    ["tools-core", "tools-fs-search", "tool-hashline-edit", "system-prompt", "context-files"].map(
      async (p) => (await dist(`plugins/${p}/index.js`)).default,
    ),
  );
  const kernel = createKernel({ cwd: dir, agentDir: join(dir, "agent"), plugins });
  await kernel.start();
  const gen = kernel.host.current;
  const tools = kernel.agent.selectTools(gen.registry.list("tool"));
  const prompt = await gen.hooks.systemPrompt.promise("", { cwd: dir, tools });
  const toolChars = JSON.stringify(tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }))).length;
  await kernel.stop();
  const tokens = Math.ceil((prompt.length + toolChars) / 4);
  return {
    name: `default prompt + ${tools.length} tool definitions (chars/4, budget 1000)`,
    n: 1,
    min: tokens,
    median: tokens,
    max: tokens,
    unit: "tokens",
  };
}
