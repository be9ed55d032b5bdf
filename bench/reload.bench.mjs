// Hot reload (issue 31): the time from saving a one-file user extension to its new code being
// live, in the composed default agent (every built-in loaded from dist/). Timed twice: through the
// real watcher (its 5 ms debounce included) and as the reload itself (host.reload of that file),
// each until the extension's tool answers with the new version. The agent has a model, as a person
// editing an extension has (without one, each reload also looks for local model servers).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, stats } from "./measure.mjs";

export const title = "hot reload: save a one-file extension → its new code live (target < 50 ms)";

const source = (v) => `import { definePlugin, Type } from "pi-kernel";
export default definePlugin({ name: "versioned", setup(api) {
  api.register.tool({ name: "version", description: "v", parameters: Type.Object({}),
    async execute() { return { content: [{ type: "text", text: "${v}" }] }; } });
} });
`;

export async function rows(runs) {
  const n = runs || 15;
  const dir = mkdtempSync(join(tmpdir(), "pik-reload-bench-"));
  try {
    const watched = await agent(dir, true);
    const viaWatcher = await edits(watched, n, async () => {});
    await watched.stop();
    const direct = await agent(dir, false);
    const viaReload = await edits(direct, n, (file) => direct.kernel.host.reload([file]));
    await direct.stop();
    return [
      { name: "save → live, watcher (incl. 5 ms debounce)", unit: "ms", ...stats(viaWatcher) },
      { name: "save → live, the reload itself", unit: "ms", ...stats(viaReload) },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let seq = 0;
async function agent(dir, watch) {
  const { composeAgent } = await import(join(ROOT, "dist", "compose", "agent.js"));
  const cwd = join(dir, `project-${++seq}`);
  const agentDir = join(dir, `agent-${seq}`);
  const file = join(agentDir, "extensions", "versioned.ts");
  mkdirSync(join(cwd, ".git"), { recursive: true });
  mkdirSync(join(agentDir, "extensions"), { recursive: true });
  writeFileSync(file, source("v0"));
  // A person editing an extension has a model configured (a key for its provider), as here.
  const flags = { print: true, provider: "anthropic", apiKey: "bench-key" };
  const composed = await composeAgent({ cwd, agentDir, flags, watch, report: () => {} });
  await composed.start();
  const { kernel } = composed;
  const version = async () =>
    (await kernel.host.current.registry.get("tool", "version")?.execute("id", {}, undefined, () => {}, {}))?.content[0]?.text;
  return { kernel, file, version, stop: () => kernel.stop() };
}

async function edits(a, n, reload) {
  const samples = [];
  for (let i = 1; i <= n; i++) {
    const want = `v${seq}-${i}`;
    const t0 = performance.now();
    writeFileSync(a.file, source(want));
    await reload(a.file);
    while ((await a.version()) !== want) {
      if (performance.now() - t0 > 10_000) throw new Error(`the reload to ${want} never went live`);
      await new Promise((r) => setTimeout(r, 1));
    }
    samples.push(performance.now() - t0);
  }
  return samples;
}
