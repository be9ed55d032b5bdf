// Skill discovery and validation with real files in temp dirs and the real plugins in a kernel.
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { byName } from "../../plugins/skills/scan.js";
import { agent, diagnosticsAbout, removeAll, skillMd, tempDir, write, type Agent } from "./skills-fixture.js";

interface SkillsService {
  list(): Promise<{ name: string; description: string; filePath: string; disableModelInvocation: boolean }[]>;
}

let root: string;
let home: string;
let repo: string;
let cwd: string;
let agentDir: string;
let running: Agent | undefined;

beforeEach(() => {
  root = tempDir();
  home = join(root, "home");
  repo = join(root, "outside", "repo");
  cwd = join(repo, "pkg", "sub");
  agentDir = join(home, ".pi", "agent");
  mkdirSync(cwd, { recursive: true });
  mkdirSync(join(repo, ".git"));
  process.env.HOME = home;
});
afterEach(async () => {
  await running?.cleanup();
  running = undefined;
  removeAll(root);
});

async function start(o: { flags?: Record<string, unknown>; settings?: Record<string, unknown> } = {}) {
  running = await agent({ cwd, agentDir, ...o });
  return running;
}
async function names(h: Agent) {
  return ((await h.kernel.host.current.services.get("skills")!.impl) as SkillsService).list().then((l) => l.map((s) => s.name));
}

describe("skill discovery", () => {
  it("finds user, ~/.agents, project and ancestor skills up to the git root, in precedence order", async () => {
    write(root, {
      "home/.pi/agent/skills/user-one/SKILL.md": skillMd({ description: "user skill" }),
      "home/.agents/skills/agents-home/SKILL.md": skillMd({ description: "from ~/.agents" }),
      "outside/repo/.pi/skills/repo-root/SKILL.md": skillMd({ description: "at the git root" }),
      "outside/repo/pkg/.agents/skills/pkg-level/SKILL.md": skillMd({ description: "an ancestor" }),
      "outside/repo/pkg/sub/.pi/skills/here/SKILL.md": skillMd({ description: "in cwd" }),
      "outside/.pi/skills/above-git/SKILL.md": skillMd({ description: "above the git root: not found" }),
    });
    const h = await start();
    expect(await names(h)).toEqual(["here", "pkg-level", "repo-root", "user-one", "agents-home"]);
  });

  it("treats a directory with SKILL.md as one skill, recurses otherwise, and skips dot-dirs and node_modules", async () => {
    write(cwd, {
      ".pi/skills/group/deep/SKILL.md": skillMd({ description: "nested" }),
      ".pi/skills/outer/SKILL.md": skillMd({ description: "outer" }),
      ".pi/skills/outer/inner/SKILL.md": skillMd({ description: "never reached" }),
      ".pi/skills/.hidden/SKILL.md": skillMd({ description: "hidden" }),
      ".pi/skills/node_modules/dep/SKILL.md": skillMd({ description: "a dependency" }),
    });
    expect(await names(await start())).toEqual(["deep", "outer"]);
  });

  it("counts root-level .md files in .pi/skills and ~/.pi/agent/skills but not in .agents/skills", async () => {
    write(root, {
      "outside/repo/pkg/sub/.pi/skills/loose.md": skillMd({ name: "loose", description: "root file" }),
      "outside/repo/pkg/sub/.agents/skills/ignored.md": skillMd({ name: "ignored", description: "not a skill here" }),
      "home/.pi/agent/skills/user-loose.md": skillMd({ name: "user-loose", description: "user root file" }),
    });
    const h = await start();
    expect(await names(h)).toEqual(["loose", "user-loose"]);
    // pi checks the name against the parent directory ("skills") even for root files: a warning only.
    expect(diagnosticsAbout(h, 'loose.md: name "loose" does not match parent directory "skills"')).toHaveLength(1);
  });

  it("honours .gitignore, .ignore and .fdignore and dedupes symlinked skills silently", async () => {
    write(cwd, {
      ".pi/skills/.gitignore": "drafts/\n",
      ".pi/skills/.ignore": "scratch\n",
      ".pi/skills/.fdignore": "tmp-*\n",
      ".pi/skills/drafts/draft/SKILL.md": skillMd({ description: "ignored by .gitignore" }),
      ".pi/skills/scratch/SKILL.md": skillMd({ description: "ignored by .ignore" }),
      ".pi/skills/tmp-one/SKILL.md": skillMd({ description: "ignored by .fdignore" }),
      ".pi/skills/kept/SKILL.md": skillMd({ description: "kept" }),
    });
    mkdirSync(join(cwd, ".agents", "skills"), { recursive: true });
    symlinkSync(join(cwd, ".pi", "skills", "kept"), join(cwd, ".agents", "skills", "kept"));
    const h = await start();
    expect(await names(h)).toEqual(["kept"]);
    expect(diagnosticsAbout(h, "kept")).toEqual([]);
  });

  it("adds --skill paths first, also with --no-skills, which turns discovery off", async () => {
    write(root, {
      "extra/cli-skill/SKILL.md": skillMd({ description: "from the command line" }),
      "single/one-file/SKILL.md": skillMd({ description: "a file given directly" }),
      "outside/repo/pkg/sub/.pi/skills/here/SKILL.md": skillMd({ description: "in cwd" }),
    });
    const skill = [join(root, "extra"), join(root, "single", "one-file", "SKILL.md")];
    expect(await names(await start({ flags: { skill } }))).toEqual(["cli-skill", "one-file", "here"]);
    await running!.cleanup();
    const h = await start({ flags: { skill: [...skill, join(root, "missing")], skills: false } });
    expect(await names(h)).toEqual(["cli-skill", "one-file"]);
    expect(diagnosticsAbout(h, `--skill ${join(root, "missing")}: ${join(root, "missing")} does not exist`)).toHaveLength(1);
  });

  it("reads settings `skills` entries (before auto-discovery) and honours !exclusions", async () => {
    write(root, {
      "home/.pi/agent/team/shared/SKILL.md": skillMd({ description: "from settings" }),
      "home/.pi/agent/team/noisy/SKILL.md": skillMd({ description: "excluded" }),
      "outside/repo/pkg/sub/.pi/skills/here/SKILL.md": skillMd({ description: "in cwd" }),
    });
    const h = await start({ settings: { skills: ["team", "!team/noisy", "globbed/*"] } });
    expect(await names(h)).toEqual(["shared", "here"]);
    expect(diagnosticsAbout(h, '"globbed/*" is a glob')).toHaveLength(1);
  });
});

describe("skill validation (every problem is a diagnostic naming the file and the rule)", () => {
  const cases: [string, Record<string, unknown> | string, string, boolean][] = [
    ["no-desc", { name: "no-desc" }, "description is required", false],
    ["empty-desc", { description: "   " }, "description is required", false],
    ["num-desc", { description: 42 }, "description must be text", false],
    ["long-desc", { description: "x".repeat(1025) }, "description exceeds 1024 characters (1025)", true],
    ["other-dir", { name: "other-name", description: "d" }, 'name "other-name" does not match parent directory "other-dir"', true],
    [`${"a".repeat(65)}`, { description: "d" }, "name exceeds 64 characters (65)", true],
    ["Bad_Name", { description: "d" }, "name contains invalid characters (must be lowercase a-z, 0-9, hyphens only)", true],
    ["-edge-", { description: "d" }, "name must not start or end with a hyphen", true],
    ["double--hyphen", { description: "d" }, "name must not contain consecutive hyphens", true],
    ["compat", { description: "d", compatibility: "c".repeat(501) }, "compatibility exceeds 500 characters (501)", true],
    ["dmi-text", { description: "d", "disable-model-invocation": "yes" }, "disable-model-invocation must be true or false", true],
    ["bad-yaml", "description: [unclosed", "frontmatter cannot be parsed", false],
  ];

  it.each(cases.map(([dir, front, rule, loaded]) => ({ dir, front, rule, loaded })))("$rule", async ({ dir, front, rule, loaded }) => {
    write(cwd, { [`.pi/skills/${dir}/SKILL.md`]: skillMd(front) });
    const h = await start();
    const count = (await names(h)).length;
    const file = join(cwd, ".pi", "skills", dir, "SKILL.md");
    expect(h.diagnostics.filter((d) => d.where === file).map((d) => d.message)).toEqual(
      expect.arrayContaining([expect.stringContaining(`${file}: ${rule}`)]),
    );
    expect(count).toBe(loaded ? 1 : 0);
  });

  it("ignores unknown fields and accepts license, metadata and allowed-tools", async () => {
    write(cwd, {
      ".pi/skills/full/SKILL.md": skillMd(
        "name: full\ndescription: all fields\nlicense: MIT\nmetadata:\n  a: 1\nallowed-tools: read bash\nwhatever: 1",
      ),
    });
    const h = await start();
    expect(await names(h)).toEqual(["full"]);
    expect(diagnosticsAbout(h, "full")).toEqual([]);
  });

  it("never executes JavaScript or CoffeeScript frontmatter", async () => {
    const g = globalThis as { __skillPwned?: number };
    write(cwd, {
      ".pi/skills/js-one/SKILL.md": "---js\n{ description: (globalThis.__skillPwned = 1, 'evil') }\n---\nbody\n",
      ".pi/skills/js-two/SKILL.md": "---javascript\nglobalThis.__skillPwned = 2; ({ description: 'evil' })\n---\nbody\n",
      ".pi/skills/coffee/SKILL.md": "---coffee\ndescription: 'evil'\n---\nbody\n",
    });
    const h = await start();
    expect(g.__skillPwned).toBeUndefined();
    expect(await names(h)).toEqual([]);
    expect(diagnosticsAbout(h, "frontmatter is not allowed")).toHaveLength(3);
  });

  it("resolves a name collision first-wins with a diagnostic naming both files", async () => {
    write(root, {
      "outside/repo/pkg/sub/.pi/skills/dup/SKILL.md": skillMd({ description: "project wins" }),
      "home/.pi/agent/skills/dup/SKILL.md": skillMd({ description: "user loses" }),
    });
    const h = await start();
    const list = await (h.kernel.host.current.services.get("skills")!.impl as SkillsService).list();
    expect(list.map((s) => s.description)).toEqual(["project wins"]);
    expect(diagnosticsAbout(h, 'skill name "dup" is already taken by')).toEqual([
      `${join(agentDir, "skills", "dup", "SKILL.md")}: skill name "dup" is already taken by ${join(cwd, ".pi", "skills", "dup", "SKILL.md")}; keeping the first one found`,
    ]);
  });
});

describe("skill folders' order", () => {
  it("is localeCompare's, also where plain names are compared without loading ICU's collation", () => {
    const plain = fc.string({ unit: fc.constantFrom(..."abcxyz019.-"), maxLength: 6 });
    const any = fc.oneof(plain, fc.string({ maxLength: 4 }));
    fc.assert(
      fc.property(any, any, (a, b) => {
        expect(Math.sign(byName(a, b))).toBe(Math.sign(a.localeCompare(b)));
      }),
      { numRuns: 3000 },
    );
  });
});
