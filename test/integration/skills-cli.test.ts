// Skills, templates and commands through the real CLI (spawned) against the LLM simulator.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProject } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";
import { runCli } from "../support/run-cli.js";
import { removeAll } from "../plugins/skills-fixture.js";

let sim: Simulator;
const roots: string[] = [];
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
  removeAll(...roots);
});

function project() {
  const p = makeProject(sim.url);
  roots.push(p.root);
  const file = (rel: string, text: string) => {
    mkdirSync(join(p.project, rel, ".."), { recursive: true });
    writeFileSync(join(p.project, rel), text);
  };
  file(".pi/skills/deploy/SKILL.md", "---\ndescription: Deploy the app\n---\nRun ./deploy.sh then check the health URL.\n");
  file(".pi/prompts/review.md", "---\ndescription: Review a change\nargument-hint: <what>\n---\nReview $1 carefully.");
  const run = (args: string[]) =>
    runCli(["--provider", "sim", "--model", "sim-model", ...args], {
      cwd: p.project,
      env: { PI_CODING_AGENT_DIR: p.agentDir, HOME: p.root },
    });
  return { ...p, run };
}

describe("skills and commands in pi -p", () => {
  it("pi -p /help prints the commands to stdout and asks no model", async () => {
    const p = project();
    const before = sim.requests.length;
    const r = await p.run(["-p", "/help"]);
    expect(r.stdout).toContain("Built-in commands:\n  /help [filter]");
    expect(r.stdout).toMatch(/Prompt templates:\n {2}\/review <what> +Review a change/);
    expect(r.stdout).toMatch(/Skills:\n {2}\/skill:deploy \[message\] +Deploy the app/);
    expect(sim.requests.length).toBe(before);
  });

  it("an unknown command is refused on stderr with a suggestion", async () => {
    const p = project();
    const before = sim.requests.length;
    const r = await p.run(["-p", "/reveiw x"]);
    expect(r.stderr).toContain("Unknown command /reveiw. Did you mean /review?");
    expect(sim.requests.length).toBe(before);
  });

  it("lists skills in the system prompt and expands /skill:name and templates", async () => {
    const p = project();
    sim.script({ text: "deployed" }, { text: "reviewed" });
    const before = sim.requests.length;
    const r = await p.run(["-p", "/skill:deploy to staging", "/review the-diff"]);
    expect(r.stdout).toBe("reviewed\n");
    const [first, second] = sim.requests
      .slice(before)
      .map((q) => q.body.messages as { role: string; content: string | { text: string }[] }[]);
    // A user prompt goes out as pi sends it: one text part.
    const text = (c: string | { text: string }[]) => (typeof c === "string" ? c : c.map((p) => p.text).join(""));
    expect(first[0].content).toContain("<name>deploy</name>");
    const skillDir = join(p.project, ".pi", "skills", "deploy");
    expect(text(first.at(-1)!.content)).toBe(
      `<skill name="deploy" location="${skillDir}/SKILL.md">\nReferences are relative to ${skillDir}.\n\nRun ./deploy.sh then check the health URL.\n</skill>\n\nto staging`,
    );
    expect(text(second.at(-1)!.content)).toBe("Review the-diff carefully.");
  });

  it("--no-skills drops discovered skills but keeps --skill ones", async () => {
    const p = project();
    const extra = join(p.root, "extra", "lint");
    mkdirSync(extra, { recursive: true });
    writeFileSync(join(extra, "SKILL.md"), "---\ndescription: Lint it\n---\nbody");
    sim.script({ text: "ok" });
    const before = sim.requests.length;
    await p.run(["--no-skills", "--skill", extra, "-p", "hi"]);
    const system = sim.requests[before].body.messages[0].content as string;
    expect(system).toContain("<name>lint</name>");
    expect(system).not.toContain("<name>deploy</name>");
  });
});
