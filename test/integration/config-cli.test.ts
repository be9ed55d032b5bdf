// `pi config` from the command line: listed by `pi --help`, its own --help, bad arguments refused,
// never sent to the model; without a terminal it says so; `-l` in an untrusted project that has
// code refuses unless --approve. (The screen itself: test/ui/config-tmux.test.ts.)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";
import { commandNames } from "./packages-command-names.js";

const dir = mkdtempSync(join(tmpdir(), "pik-config-cli-"));
const agentDir = join(dir, "agent");
const env = { PI_CODING_AGENT_DIR: agentDir };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("pi config (command line)", () => {
  it("is listed by pi --help and answers pi config --help", async () => {
    const h = await runCli(["--help"], { cwd: dir, env });
    expect(h.stdout).toMatch(/pi config \[-l\]\s+switch package and local resources on\/off/);
    const c = await runCli(["config", "--help"], { cwd: dir, env });
    expect(c.code).toBe(0);
    expect(c.stdout).toContain("pi config [-l] [--approve|--no-approve]");
    expect(c.stdout).toContain("-l, --local");
  });

  it("refuses unknown arguments, and needs a terminal (it is never a prompt for the model)", async () => {
    const bad = await runCli(["config", "--bogus"], { cwd: dir, env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('unknown option --bogus for "config"');
    const piped = await runCli(["config"], { cwd: dir, env });
    expect(piped.code).toBe(1);
    expect(piped.stderr).toContain("pi config needs a terminal");
  });

  it("-l in an untrusted project with code asks for --approve", async () => {
    const project = join(dir, "untrusted");
    mkdirSync(join(project, ".pi", "extensions"), { recursive: true });
    writeFileSync(join(project, ".pi", "extensions", "x.ts"), "export default function () {}\n");
    const r = await runCli(["config", "-l"], { cwd: project, env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Project is not trusted. Use --approve to modify local resource config.");
    const approved = await runCli(["config", "-l", "--approve"], { cwd: project, env });
    expect(approved.stderr).toContain("pi config needs a terminal"); // past the trust check
  });
});

describe("the overrides pi config writes for your own folders, at start-up", () => {
  const sims = simProjects();

  it("-path in the top-level extensions, skills and prompts keys switches that file off, without warnings", async () => {
    const p = sims.project();
    const put = (rel: string, text: string) => {
      mkdirSync(join(p.agentDir, rel, ".."), { recursive: true });
      writeFileSync(join(p.agentDir, rel), text);
    };
    put(
      "extensions/mine.ts",
      'export default function (pi) { pi.registerCommand("mine", { description: "m", handler: async () => {} }); }\n',
    );
    put("skills/gamma/SKILL.md", "---\nname: gamma\ndescription: Gamma\n---\ngamma\n");
    put("prompts/fixit.md", "---\ndescription: fix it\n---\nfix $@\n");
    const names = () => commandNames(p);
    expect((await names()).names).toEqual(expect.arrayContaining(["mine", "skill:gamma", "fixit"]));
    writeFileSync(
      join(p.agentDir, "settings.json"),
      JSON.stringify({ extensions: ["-extensions/mine.ts"], skills: ["-skills/gamma/SKILL.md"], prompts: ["-prompts/fixit.md"] }),
    );
    const after = await names();
    expect(after.names.filter((n) => ["mine", "skill:gamma", "fixit"].includes(n))).toEqual([]);
    expect(after.stderr).not.toMatch(/does not exist/);
  }, 30_000);
});
