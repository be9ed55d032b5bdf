// The packages' skills, prompts and themes reach their plugins through the "package-resources"
// service of the composition root (compose/package-resources.ts), never by changing the flags the
// caller gave: a real composition (compose/agent.ts) of the built-in resource plugins and a local
// package, on real files, with frozen flags.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { composeAgent, type ComposedAgent } from "../../compose/agent.js";
import type { Diagnostic } from "../../kernel/index.js";

const dark = JSON.parse(readFileSync(new URL("../../themes/dark.json", import.meta.url), "utf8"));
const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nDo it.\n`;

let root: string | undefined;
let agent: ComposedAgent | undefined;
afterEach(async () => {
  await agent?.kernel.stop();
  agent?.cleanup();
  agent = undefined;
  if (root) rmSync(root, { recursive: true, force: true });
});

function files(tree: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), "pik-pkg-resources-"));
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("package resources", () => {
  it("reach the skills, prompts and themes plugins as a service; the flags given stay as they were", async () => {
    const dir = files({
      "project/.git/HEAD": "",
      "agent/.keep": "",
      "pi-packages.json": JSON.stringify({
        packages: ["@pi-kernel/commands-core", "@pi-kernel/skills", "@pi-kernel/prompts", "@pi-kernel/themes", "./pkg"],
      }),
      "pkg/package.json": JSON.stringify({ name: "pkg" }),
      "pkg/skills/shared/SKILL.md": skill("shared", "the package's"),
      "pkg/skills/pkg-only/SKILL.md": skill("pkg-only", "only in the package"),
      "pkg/prompts/review.md": "---\ndescription: review it\n---\nReview $1.\n",
      "pkg/themes/pkg-theme.json": JSON.stringify({ ...dark, name: "pkg-theme" }),
      "mine/shared/SKILL.md": skill("shared", "the user's"),
    });
    const flags = Object.freeze({ packages: join(dir, "pi-packages.json"), mode: "print", skill: Object.freeze([join(dir, "mine")]) });
    const before = JSON.stringify(flags);
    const problems: Diagnostic[] = [];
    agent = await composeAgent({
      cwd: join(dir, "project"),
      agentDir: join(dir, "agent"),
      flags,
      noExtensions: true,
      report: (d) => d.level !== "info" && problems.push(d),
    });
    await agent.start();
    expect(JSON.stringify(flags)).toBe(before);

    const pkg = join(dir, "pkg");
    const resources = agent.kernel.service("package-resources")!;
    expect(resources).toMatchObject({
      skills: [join(pkg, "skills")],
      prompts: [join(pkg, "prompts")],
      themes: [join(pkg, "themes")],
    });
    expect(resources.origins).toContainEqual({ baseDir: pkg, source: "./pkg", scope: "user" });

    // The user's --skill comes first (its "shared" wins); the package's carry the package's source info.
    const skills = await agent.kernel.service("skills")!.list();
    expect(skills.find((s) => s.name === "shared")?.description).toBe("the user's");
    expect(skills.find((s) => s.name === "pkg-only")?.sourceInfo).toEqual({
      path: join(pkg, "skills", "pkg-only", "SKILL.md"),
      source: "./pkg",
      scope: "user",
      origin: "package",
      baseDir: pkg,
    });
    const review = (await agent.kernel.service("commands")!.list()).find((c) => c.name === "review");
    expect(review?.sourceInfo).toMatchObject({ path: join(pkg, "prompts", "review.md"), source: "./pkg", origin: "package" });
    const themes = agent.kernel.service("themes")!.list();
    expect(themes.map((t) => t.name)).toContain("pkg-theme");
    // The one problem: the package's "shared" loses to the user's, as pi ranks them.
    expect(problems.map((d) => d.message)).toEqual([
      expect.stringMatching(/pkg\/skills\/shared\/SKILL\.md: skill name "shared" is already taken/),
    ]);
  });
});
