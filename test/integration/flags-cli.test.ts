// Flags through the spawned CLI (issue 30 point 9, issue 31 point 2): a misspelt flag is an
// error with a did-you-mean (exit 2) before any tool runs or any model request is sent, so a
// typo never weakens safety; a value outside a flag's declared choices stops the run the same
// way; a flag a pi extension registers is accepted; `--help` lists the flags plugins declare.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { rmSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { makeProject } from "../support/scenario.mjs";
import { type Simulator, startSimulator } from "../support/simulator/index.mjs";

const MODEL = ["--provider", "sim", "--model", "sim-model"];
const APP = 'const greeting = "hello";\n';

describe("flags through the spawned CLI", () => {
  // One simulator and project per test: a refused run leaves its scripted turns unused.
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanup) await c();
    cleanup = [];
  });

  /** A project whose scripted model edits src/app.js at once (it would, in yolo mode). */
  async function editingProject(edit = true): Promise<{ sim: Simulator; project: string; env: Record<string, string>; file: string }> {
    const sim = await startSimulator();
    const p = makeProject(sim.url);
    cleanup.push(async () => {
      await sim.close();
      rmSync(p.root, { recursive: true, force: true });
    });
    writeFileSync(join(p.project, "src", "app.js"), APP);
    if (edit)
      sim.script(
        { toolCalls: [{ name: "edit", arguments: { path: "src/app.js", edits: [{ oldText: '"hello"', newText: '"bye"' }] } }] },
        { text: "changed it" },
      );
    return { sim, project: p.project, env: { PI_CODING_AGENT_DIR: p.agentDir }, file: join(p.project, "src", "app.js") };
  }

  it.each([
    ["--permision-mode", "read-only"],
    ["--permission-mod", "read-only"],
    ["--permissions-mode", "read-only"],
    ["--premission-mode", "read-only"],
    ["--permission-mode=read-only", undefined],
  ])("a misspelt %s exits 2 with a did-you-mean and changes nothing", async (flag, value) => {
    const p = await editingProject();
    const typo = flag.endsWith("=read-only") ? flag.replace("mode=", "mdoe=") : flag;
    const from = p.sim.requests.length;
    const r = await runCli([...MODEL, typo, ...(value ? [value] : []), "-p", "change the app"], { cwd: p.project, env: p.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("did you mean --permission-mode?");
    expect(r.stdout).toBe("");
    expect(p.sim.requests.length).toBe(from); // no model request was sent
    expect(readFileSync(p.file, "utf8")).toBe(APP);
  });

  it("a misspelt --sandbox and a misspelt built-in flag are refused the same way", async () => {
    const p = await editingProject();
    const sandbox = await runCli([...MODEL, "--sandobx", "read-only", "-p", "hi"], { cwd: p.project, env: p.env });
    expect(sandbox.code).toBe(2);
    expect(sandbox.stderr).toContain("did you mean --sandbox?");
    const model = await runCli(["--provider", "sim", "--modle", "sim-model", "-p", "hi"], { cwd: p.project, env: p.env });
    expect(model.code).toBe(2);
    expect(model.stderr).toMatch(/did you mean (one of )?(--\w+, )*--model\b/);
    expect(readFileSync(p.file, "utf8")).toBe(APP);
  });

  it.each([
    ["--permission-mode", "bogus", /--permission-mode.*bogus.*yolo, ask, accept-edits, read-only|--permission-mode.*bogus.*read-only/],
    ["--sandbox", "bogus", /--sandbox.*bogus.*off, read-only, workspace-write/],
    ["--sandbox", "readonly", /--sandbox.*readonly/],
  ])("%s %s exits 2 before anything runs", async (flag, value, message) => {
    const p = await editingProject();
    const from = p.sim.requests.length;
    const r = await runCli([...MODEL, flag, value, "-p", "change the app"], { cwd: p.project, env: p.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(p.sim.requests.length).toBe(from);
    expect(readFileSync(p.file, "utf8")).toBe(APP);
  });

  it("accepts a flag a pi extension registers, and says which flags exist when it is misspelt", async () => {
    const p = await editingProject(false);
    const ext = join(p.project, "plan.ts");
    writeFileSync(
      ext,
      `export default function (pi) {
  pi.registerFlag("plan-mode", { type: "boolean", description: "start in plan mode" });
  pi.on("session_start", () => { if (pi.getFlag("plan-mode")) console.error("plan mode on"); });
}
`,
    );
    p.sim.script({ text: "ok" });
    const ok = await runCli([...MODEL, "-e", ext, "--plan-mode", "-p", "hi"], { cwd: p.project, env: p.env });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe("ok\n");
    const typo = await runCli([...MODEL, "-e", ext, "--plan-mod", "-p", "hi"], { cwd: p.project, env: p.env });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("did you mean --plan-mode?");
  });

  it("--help lists the flags of the composition's plugins, --permission-mode and --sandbox among them", async () => {
    const p = await editingProject(false);
    const h = await runCli(["--help"], { cwd: p.project, env: p.env });
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/--permission-mode <value> +.*\(yolo, ask, accept-edits, read-only\)/);
    expect(h.stdout).toMatch(/--sandbox \[value\] +.*\(off, read-only, workspace-write\)/);
  });
});
