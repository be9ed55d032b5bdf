// Every example in examples/ runs: a plugin, a skill, a prompt template, a theme and a package
// (installed with `pi install <path>`), through the real CLI against the simulator.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import themesPlugin from "../../plugins/themes/index.js";
import type { ThemesService } from "../../contracts/index.js";
import { startKernel, type Harness } from "../kernel/harness.js";
import { makeProject } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";
import { runCli } from "../support/run-cli.js";

const EXAMPLES = fileURLToPath(new URL("../../examples", import.meta.url));
type Body = { tools: { function: { name: string } }[]; messages: { role: string; content: string }[] };

describe("examples/", () => {
  let sim: Simulator;
  let h: Harness | undefined;
  const roots: string[] = [];
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterEach(async () => {
    await h?.kernel.stop();
    h = undefined;
  });
  afterAll(async () => {
    await sim.close();
    for (const r of roots) rmSync(r, { recursive: true, force: true });
  });
  const project = () => {
    const p = makeProject(sim.url);
    roots.push(p.root);
    return p;
  };
  const pi = (p: { project: string; agentDir: string }, ...args: string[]) =>
    runCli(["--provider", "sim", "--model", "sim-model", ...args], { cwd: p.project, env: { PI_CODING_AGENT_DIR: p.agentDir } });
  const requests = (from: number) => sim.requests.slice(from).map((r) => r.body as Body);

  it("plugins/word-count: its tool is called and its command answers", async () => {
    const p = project();
    sim.script({ toolCalls: [{ name: "word_count", arguments: { path: "src/app.js" } }] }, { text: "counted" });
    const start = sim.requests.length;
    const r = await pi(p, "-e", join(EXAMPLES, "plugins", "word-count"), "-p", "count the words");
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("counted\n");
    const [, second] = requests(start);
    expect(second.messages.find((m) => m.role === "tool")?.content).toBe("src/app.js: 2 lines, 8 words, 61 characters");
    const cmd = await pi(p, "-e", join(EXAMPLES, "plugins", "word-count"), "-p", "/words one two three");
    expect(cmd.stdout).toBe("3 words\n");
  });

  it("skills/commit-message and prompts/explain.md reach the model", async () => {
    const p = project();
    sim.script({ text: "explained" });
    const start = sim.requests.length;
    const r = await pi(
      p,
      "--skill",
      join(EXAMPLES, "skills", "commit-message"),
      "--prompt-template",
      join(EXAMPLES, "prompts", "explain.md"),
      "-p",
      "/explain src/app.js",
    );
    expect(r.stderr).toBe("");
    const [body] = requests(start);
    expect(body.messages[0].content).toContain("commit-message");
    expect(JSON.stringify(body.messages.at(-1)!.content)).toContain("Explain src/app.js to someone new to this codebase");
  });

  it("themes/ocean.json loads and is selected with --theme", async () => {
    const p = project();
    h = await startKernel([themesPlugin], {
      cwd: p.project,
      agentDir: p.agentDir,
      flags: { theme: [join(EXAMPLES, "themes", "ocean.json")] },
    });
    const themes = h.kernel.host.current.services.get("themes")!.impl as ThemesService;
    expect(themes.current().name).toBe("ocean");
    expect(h.diagnostics.filter((d) => d.level !== "info")).toEqual([]);
  });

  it("packages/review-kit: pi install <path>, then its tool, skill and prompt template work", async () => {
    const p = project();
    const add = await runCli(["install", join(EXAMPLES, "packages", "review-kit")], {
      cwd: p.project,
      env: { PI_CODING_AGENT_DIR: p.agentDir },
    });
    expect(add.stdout).toContain("1 extensions, 1 skills, 1 prompts, 1 themes");
    sim.script({ toolCalls: [{ name: "count_todos", arguments: { path: "src/app.js" } }] }, { text: "reviewed" });
    const start = sim.requests.length;
    const r = await pi(p, "-p", "/review src/app.js");
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("reviewed\n");
    const [first, second] = requests(start);
    expect(first.tools.map((t) => t.function.name)).toContain("count_todos");
    expect(first.messages[0].content).toContain("review-checklist");
    expect(JSON.stringify(first.messages.at(-1)!.content)).toContain("Review src/app.js using the review-checklist skill");
    expect(second.messages.find((m) => m.role === "tool")?.content).toBe("src/app.js: 0 TODO/FIXME markers");
  });
});
