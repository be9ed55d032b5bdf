// Skills (issue 7): how soon an edited SKILL.md reaches the system prompt, what the index costs
// per request without a watcher (print mode), and what starting the watcher costs.
// Uses the compiled kernel and plugins from dist/ in-process; each edit is timed from the write
// until the systemPrompt hook (what the next LLM request gets) contains the change.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, stats } from "./measure.mjs";

export const title = "skills: edit-to-visible latency (target < 200 ms) and index cost";

const dist = (p) => import(join(ROOT, "dist", p));

export async function rows(runs) {
  const n = runs || 20;
  const out = [];
  const dir = mkdtempSync(join(tmpdir(), "pik-skills-bench-"));
  try {
    const cwd = join(dir, "project");
    mkdirSync(join(cwd, ".git"), { recursive: true });
    for (let i = 0; i < 50; i++) writeSkill(cwd, `skill-${i}`, `Existing skill number ${i}`);
    const watched = await agent(cwd, dir, {});
    out.push({ name: "first system prompt (50 skills, cold parse)", unit: "ms", ...stats([watched.firstMs]) });
    out.push({ name: "then watcher ready (off the request path)", unit: "ms", ...stats([watched.readyMs]) });
    out.push({ name: "edit SKILL.md → next system prompt", unit: "ms", ...stats(await edits(watched, cwd, n, "edit")) });
    out.push({ name: "create SKILL.md → next system prompt", unit: "ms", ...stats(await edits(watched, cwd, n, "create")) });
    out.push({ name: "system prompt, watched index (per request)", unit: "ms", ...stats(await timesOf(n, () => watched.prompt())) });
    await watched.stop();
    const polled = await agent(cwd, dir, { mode: "print" });
    out.push({ name: "system prompt, print mode rescan (per request)", unit: "ms", ...stats(await timesOf(n, () => polled.prompt())) });
    await polled.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

function writeSkill(cwd, name, description) {
  mkdirSync(join(cwd, ".pi", "skills", name), { recursive: true });
  writeFileSync(join(cwd, ".pi", "skills", name, "SKILL.md"), `---\ndescription: ${description}\n---\nBody of ${name}.\n`);
}

async function agent(cwd, dir, flags) {
  const { createKernel } = await dist("kernel/index.js");
  const plugins = await Promise.all(
    ["commands-core", "system-prompt", "skills"].map((p) => dist(`plugins/${p}/index.js`).then((m) => m.default)),
  );
  const kernel = createKernel({ cwd, agentDir: join(dir, "agent"), flags, plugins });
  await kernel.start();
  const read = { name: "read", description: "read", parameters: {}, execute: async () => ({ content: [] }) };
  const prompt = () => kernel.host.current.hooks.systemPrompt.promise("", { cwd, tools: [read] });
  const t0 = performance.now();
  await prompt();
  const firstMs = performance.now() - t0;
  await kernel.host.current.services.get("skills").impl.ready();
  return { kernel, prompt, firstMs, readyMs: performance.now() - t0 - firstMs, stop: () => kernel.stop() };
}

async function edits(a, cwd, n, kind) {
  const samples = [];
  for (let i = 0; i < n; i++) {
    const marker = `${kind} marker ${i} ${Math.random().toString(36).slice(2)}`;
    const t0 = performance.now();
    writeSkill(cwd, kind === "edit" ? "skill-0" : `fresh-${i}`, marker);
    while (!(await a.prompt()).includes(marker)) {
      if (performance.now() - t0 > 5000) throw new Error(`${kind} not visible after 5 s`);
      await new Promise((r) => setTimeout(r, 1));
    }
    samples.push(performance.now() - t0);
  }
  return samples;
}

async function timesOf(n, fn) {
  const samples = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return samples;
}
