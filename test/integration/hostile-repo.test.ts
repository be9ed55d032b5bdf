// A repository cloned from a stranger can neither hang the agent nor read out the machine
// (issue 30, point 7): every resource scan has a visited set and a bound, links out of an
// untrusted project are not followed, and special files are refused before they are opened.
// Each case runs the real CLI against the simulator; a hang fails through runCli's timeout.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PI_BIN, runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

const SECRET = "TOP-SECRET-9f31c";

describe("a hostile repository (spawned CLI)", () => {
  const sims = simProjects();

  function project() {
    const p = sims.project();
    const outside = mkdtempSync(join(tmpdir(), "pik-outside-"));
    writeFileSync(join(outside, "secret.txt"), `${SECRET}\n`);
    return { ...p, outside };
  }

  async function ask(p: { project: string; agentDir: string }, args: string[] = []) {
    sims.sim.script({ text: "ok" });
    const start = sims.sim.requests.length;
    const r = await runCli(["--model", "sim/sim-model", ...args, "-p", "hi"], {
      cwd: p.project,
      env: { PI_CODING_AGENT_DIR: p.agentDir },
      timeoutMs: 20_000,
    });
    const body = sims.sim.requests[start]?.body;
    return { ...r, request: JSON.stringify(body ?? {}) };
  }

  for (const [name, make] of [
    [
      "two folders linked to each other",
      (s: string) => {
        mkdirSync(join(s, "a"), { recursive: true });
        mkdirSync(join(s, "b"), { recursive: true });
        symlinkSync("../b", join(s, "a", "to-b"));
        symlinkSync("../a", join(s, "b", "to-a"));
      },
    ],
    [
      "links to the parent, fanning out",
      (s: string) => {
        mkdirSync(join(s, "x"), { recursive: true });
        for (const l of ["l1", "l2", "l3"]) symlinkSync("..", join(s, "x", l));
      },
    ],
    [
      "a link to the filesystem root",
      (s: string) => {
        mkdirSync(s, { recursive: true });
        symlinkSync("/", join(s, "root"));
      },
    ],
  ] as const) {
    it(`a symlink loop in .pi/skills (${name}) does not hang start-up, and real skills still load`, async () => {
      const p = project();
      const skills = join(p.project, ".pi", "skills");
      make(skills);
      mkdirSync(join(skills, "real"), { recursive: true });
      writeFileSync(join(skills, "real", "SKILL.md"), "---\nname: real\ndescription: A real skill\n---\nbody\n");
      const r = await ask(p);
      expect(r.code).toBe(0);
      expect(r.request).toContain("A real skill");
    });
  }

  it("the same loop under .agents/skills of the git root does not hang either", async () => {
    const p = project();
    execFileSync("git", ["init", "-q"], { cwd: p.project });
    const skills = join(p.project, ".agents", "skills");
    mkdirSync(join(skills, "x"), { recursive: true });
    for (const l of ["l1", "l2"]) symlinkSync("..", join(skills, "x", l));
    const r = await ask(p);
    expect(r.code).toBe(0);
  });

  for (const file of ["AGENTS.md", "CLAUDE.md", ".pi/SYSTEM.md", ".pi/APPEND_SYSTEM.md"]) {
    it(`${file} linking out of an untrusted project is not read, and is once the project is trusted`, async () => {
      const p = project();
      mkdirSync(join(p.project, ".pi"), { recursive: true });
      symlinkSync(join(p.outside, "secret.txt"), join(p.project, file));
      const untrusted = await ask(p);
      expect(untrusted.code).toBe(0);
      expect(untrusted.request).not.toContain(SECRET);
      expect(untrusted.stderr).toContain(file.split("/").pop()!);
      expect(untrusted.stderr).toMatch(/outside the project/);
      const trusted = await ask(p, ["--trust"]);
      expect(trusted.request).toContain(SECRET);
    });
  }

  it("a project skill folder linking out of an untrusted project is not followed", async () => {
    const p = project();
    mkdirSync(join(p.outside, "leak"), { recursive: true });
    writeFileSync(join(p.outside, "leak", "SKILL.md"), `---\nname: leak\ndescription: ${SECRET}\n---\n`);
    mkdirSync(join(p.project, ".pi", "skills"), { recursive: true });
    symlinkSync(join(p.outside, "leak"), join(p.project, ".pi", "skills", "leak"));
    const r = await ask(p);
    expect(r.code).toBe(0);
    expect(r.request).not.toContain(SECRET);
  });

  for (const kind of ["fifo", "directory", "device"] as const) {
    it(`--session naming a ${kind} is refused at once, before it is opened`, async () => {
      const p = project();
      const path = kind === "device" ? "/dev/zero" : join(p.project, `s-${kind}`);
      if (kind === "fifo") execFileSync("mkfifo", [path]);
      if (kind === "directory") mkdirSync(path);
      const r = await runCli(["--model", "sim/sim-model", "--session", path, "-p", "hi"], {
        cwd: p.project,
        env: { PI_CODING_AGENT_DIR: p.agentDir },
        timeoutMs: 20_000,
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/--session: .*not a (regular )?file/i);
    });
  }

  it("SIGTERM ends a run that is waiting on a FIFO named as a context file", async () => {
    const p = project();
    execFileSync("mkfifo", [join(p.project, "AGENTS.md")]);
    sims.sim.script({ text: "ok" });
    const child = spawn(process.execPath, [PI_BIN, "--model", "sim/sim-model", "-p", "hi"], {
      cwd: p.project,
      env: { ...process.env, PI_CODING_AGENT_DIR: p.agentDir },
      stdio: "ignore",
    });
    const code = await new Promise<number | null>((resolve) => {
      const kill = setTimeout(() => child.kill("SIGTERM"), 3_000);
      const hard = setTimeout(() => child.kill("SIGKILL"), 15_000);
      child.on("close", (c, signal) => {
        clearTimeout(kill);
        clearTimeout(hard);
        resolve(signal === "SIGKILL" ? -9 : c);
      });
    });
    expect(code).not.toBe(-9);
  });
});
