// The build's table of built-in skills' frontmatter (lib/resource-kit/builtin-frontmatter.ts): a
// text whose frontmatter block is in the table gets what gray-matter gives for the whole text, an
// edited block is parsed, and the skill store loads the parser only for files the table lacks.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  builtinResourceDir,
  builtinSkillFiles,
  frontmatterParser,
  frontmatterTable,
  writeBuiltinFrontmatter,
} from "../../lib/resource-kit/index.js";
import { SkillStore } from "../../plugins/skills/store.js";

const dir = mkdtempSync(join(tmpdir(), "pik-frontmatter-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the built-in frontmatter table", () => {
  it("answers only a block it parsed, with gray-matter's data for the whole text, whatever follows", async () => {
    const parse = await frontmatterParser();
    const line = fc.string({ unit: fc.constantFrom("a", ":", " ", "-", "\r", "\n", "'", "#", "\uFEFF", "x") });
    await fc.assert(
      fc.asyncProperty(line, line, line, async (yaml, body, edit) => {
        const text = `---\nname: a\n${yaml}\n---\n${body}`;
        const file = join(dir, "skill.md");
        writeFileSync(file, text);
        const table = join(dir, "table.json");
        await writeBuiltinFrontmatter([file], table);
        const lookup = frontmatterTable(table);
        let expected: unknown;
        try {
          expected = parse(text).data;
        } catch {
          expected = undefined; // invalid YAML: the build leaves it out, so the lookup knows nothing
        }
        const got = lookup(`${text}${edit}`);
        if (got !== undefined) expect(got).toEqual(parse(`${text}${edit}`).data);
        if (got !== undefined) expect(got).toEqual(expected);
        const edited = lookup(`---\nname: b\n${yaml}\n---\n${body}`);
        expect(edited).toBeUndefined();
      }),
      { numRuns: 150 },
    );
  });

  it("knows nothing from a missing or malformed table", () => {
    expect(frontmatterTable(join(dir, "none.json"))("---\nname: a\n---\n")).toBeUndefined();
    writeFileSync(join(dir, "bad.json"), "{not json");
    expect(frontmatterTable(join(dir, "bad.json"))("---\nname: a\n---\n")).toBeUndefined();
  });
});

describe("the skill store with the install's table", () => {
  it("indexes an unedited built-in skill without the parser, and an edited one with it", async () => {
    const builtin = builtinSkillFiles(dirname(builtinResourceDir("skills")!))[0]!;
    const skills = join(dir, "skills", basename(dirname(builtin)));
    mkdirSync(skills, { recursive: true });
    const file = join(skills, "SKILL.md");
    copyFileSync(builtin, file);
    let loads = 0;
    const meta = { source: "local", scope: "user", origin: "top-level" } as never;
    const store = new SkillStore(
      () => ({ roots: [{ path: join(dir, "skills"), origin: "user", rootFiles: false, meta }], excluded: [], problems: [] }),
      () => {
        loads++;
        return frontmatterParser();
      },
      (_where, message) => {
        throw new Error(message);
      },
    );
    const name = readFileSync(builtin, "utf8").match(/^name: (.*)$/m)![1];
    expect((await store.build()).skills.map((s) => s.name)).toEqual([name]);
    expect(loads).toBe(0);
    writeFileSync(file, readFileSync(builtin, "utf8").replace(/^description: .*$/m, "description: edited mid-session"));
    const after = await store.build();
    expect(after.skills.map((s) => s.description)).toEqual(["edited mid-session"]);
    expect(loads).toBe(1);
  });
});
