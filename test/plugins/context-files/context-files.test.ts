// The system prompt's assembly with context files, through the real kernel: AGENTS.md/CLAUDE.md
// discovery, SYSTEM.md / APPEND_SYSTEM.md and the flags that override them, -nc, and an edited
// AGENTS.md reaching the next request.
import { mkdir, rm, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import contextFiles from "../../../plugins/context-files/index.js";
import systemPrompt from "../../../plugins/system-prompt/index.js";
import toolsCore from "../../../plugins/tools-core/index.js";
import { startKernel } from "../../kernel/harness.js";
import { tempDir } from "../tools-core/helpers.js";

async function layout() {
  const root = await tempDir();
  const agentDir = join(root, "agent");
  const cwd = join(root, "repo", "pkg");
  await mkdir(agentDir, { recursive: true });
  await mkdir(join(cwd, ".pi"), { recursive: true });
  return { root, agentDir, cwd };
}

async function promptFor(opts: { cwd: string; agentDir: string; flags?: Record<string, unknown> }, prompts = 1): Promise<string[]> {
  const h = await startKernel([toolsCore, systemPrompt, contextFiles], { cwd: opts.cwd, agentDir: opts.agentDir, flags: opts.flags ?? {} });
  const out: string[] = [];
  for (let i = 0; i < prompts; i++) {
    h.sim.push({ text: "ok" });
    await h.kernel.actions.prompt(`p${i}`);
    out.push(h.sim.requests.at(-1)!.systemPrompt);
  }
  await h.kernel.stop();
  return out;
}

describe("context files", () => {
  it("loads the agent dir's file, then root-to-cwd, one per directory with AGENTS first, in pi's format", async () => {
    const { root, agentDir, cwd } = await layout();
    await writeFile(join(agentDir, "AGENTS.md"), "global rules");
    await writeFile(join(root, "repo", "CLAUDE.md"), "repo claude");
    await writeFile(join(cwd, "AGENTS.md"), "pkg agents");
    await writeFile(join(cwd, "CLAUDE.md"), "pkg claude (shadowed)");
    const [prompt] = await promptFor({ cwd, agentDir });
    const context =
      "\n\n# Project Context\n\nProject-specific instructions and guidelines:\n\n" +
      `## ${join(agentDir, "AGENTS.md")}\n\nglobal rules\n\n` +
      `## ${join(root, "repo", "CLAUDE.md")}\n\nrepo claude\n\n` +
      `## ${join(cwd, "AGENTS.md")}\n\npkg agents\n\n`;
    expect(prompt).toContain(context + "\nCurrent date: ");
    expect(prompt).not.toContain("shadowed");
    expect(prompt.endsWith(`\nCurrent working directory: ${cwd}`)).toBe(true);
  });

  it("re-reads an edited AGENTS.md on the next request", async () => {
    const { agentDir, cwd } = await layout();
    const file = join(cwd, "AGENTS.md");
    await writeFile(file, "version one");
    const h = await startKernel([toolsCore, systemPrompt, contextFiles], { cwd, agentDir });
    h.sim.push({ text: "ok" });
    await h.kernel.actions.prompt("a");
    await writeFile(file, "version two, longer");
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    h.sim.push({ text: "ok" });
    await h.kernel.actions.prompt("b");
    expect(h.sim.requests[0].systemPrompt).toContain("version one");
    expect(h.sim.requests[1].systemPrompt).toContain("version two, longer");
    await h.kernel.stop();
  });

  it("a file created mid-session is in the next request and a deleted one is gone; a folder named AGENTS.md is passed over", async () => {
    const { root, agentDir, cwd } = await layout();
    await mkdir(join(root, "repo", "AGENTS.md"));
    await writeFile(join(root, "repo", "CLAUDE.md"), "repo claude under a folder named AGENTS.md");
    const h = await startKernel([toolsCore, systemPrompt, contextFiles], { cwd, agentDir });
    const ask = async (text: string) => {
      h.sim.push({ text: "ok" });
      await h.kernel.actions.prompt(text);
      return h.sim.requests.at(-1)!.systemPrompt;
    };
    const first = await ask("a");
    await writeFile(join(cwd, "AGENTS.md"), "added mid-session");
    const second = await ask("b");
    await rm(join(cwd, "AGENTS.md"));
    const third = await ask("c");
    await h.kernel.stop();
    for (const prompt of [first, second, third]) expect(prompt).toContain("repo claude under a folder named AGENTS.md");
    expect(first).not.toContain("added mid-session");
    expect(second).toContain(`## ${join(cwd, "AGENTS.md")}\n\nadded mid-session`);
    expect(third).not.toContain("added mid-session");
  });

  it("-nc skips context files but not SYSTEM.md", async () => {
    const { agentDir, cwd } = await layout();
    await writeFile(join(cwd, "AGENTS.md"), "project rules");
    await writeFile(join(cwd, ".pi", "SYSTEM.md"), "custom system");
    const [prompt] = await promptFor({ cwd, agentDir, flags: { contextFiles: false } });
    expect(prompt).not.toContain("project rules");
    expect(prompt.startsWith("custom system\nCurrent date: ")).toBe(true);
  });

  it("SYSTEM.md and APPEND_SYSTEM.md: project over global, in order base, append, context, date", async () => {
    const { agentDir, cwd } = await layout();
    await writeFile(join(agentDir, "SYSTEM.md"), "global system");
    await writeFile(join(agentDir, "APPEND_SYSTEM.md"), "global append");
    await writeFile(join(cwd, "AGENTS.md"), "ctx");
    expect((await promptFor({ cwd, agentDir }))[0]).toMatch(
      /^global system\n\nglobal append\n\n# Project Context\n[\s\S]*## .*AGENTS.md\n\nctx\n\n\nCurrent date: \d{4}-\d\d-\d\d\nCurrent working directory: /,
    );
    await writeFile(join(cwd, ".pi", "SYSTEM.md"), "project system");
    await writeFile(join(cwd, ".pi", "APPEND_SYSTEM.md"), "project append");
    expect((await promptFor({ cwd, agentDir }))[0]).toMatch(/^project system\n\nproject append\n\n# Project Context/);
  });

  it("--system-prompt and --append-system-prompt (text or file) override the files", async () => {
    const { agentDir, cwd } = await layout();
    await writeFile(join(cwd, ".pi", "SYSTEM.md"), "file system");
    await writeFile(join(cwd, ".pi", "APPEND_SYSTEM.md"), "file append");
    await writeFile(join(cwd, "extra.txt"), "appended from a file");
    const [prompt] = await promptFor({
      cwd,
      agentDir,
      flags: { systemPrompt: "flag system", appendSystemPrompt: ["flag append", "extra.txt"] },
    });
    expect(prompt.startsWith("flag system\n\nflag append\n\nappended from a file\nCurrent date:")).toBe(true);
  });

  it("the default prompt lists only active tools and points at the docs", async () => {
    const { agentDir, cwd } = await layout();
    const [prompt] = await promptFor({ cwd, agentDir });
    expect(prompt).toContain("Available tools:\n- read: ");
    expect(prompt).toMatch(/- bash: .*\n- edit: .*\n- write: /);
    expect(prompt).toContain("Use bash for file operations like ls, rg, find");
    expect(prompt).toMatch(/pi-kernel documentation .*README\.md/);
  });
});
