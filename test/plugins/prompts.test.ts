// Prompt templates: argument parsing, placeholder substitution, frontmatter, locations.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CommandsService } from "../../lib/resource-kit/index.js";
import { splitArgs, substitute } from "../../plugins/prompts/args.js";
import { agent, removeAll, tempDir, write, type Agent } from "./skills-fixture.js";

describe("arguments", () => {
  it("split like a shell: spaces and tabs separate, quotes group", () => {
    expect(splitArgs(`one  two\tthree`)).toEqual(["one", "two", "three"]);
    expect(splitArgs(`"a b" 'c "d"' e"f g"h`)).toEqual(["a b", `c "d"`, "ef gh"]);
    expect(splitArgs(`'' x`)).toEqual(["", "x"]);
    expect(splitArgs("   ")).toEqual([]);
  });

  it("fill $1…$N, ${@:N}, ${@:N:L}, $ARGUMENTS and $@", () => {
    const args = ["a", "b", "c", "d"];
    expect(substitute("$1-$2-$4-$5.", args)).toBe("a-b-d-.");
    expect(substitute("${@:2}|${@:2:2}|${@:0:1}|${@:9}", args)).toBe("b c d|b c|a|");
    expect(substitute("$ARGUMENTS / $@", args)).toBe("a b c d / a b c d");
    expect(substitute("$10 is the tenth", args)).toBe(" is the tenth");
  });

  it("substitute in one pass: an argument containing a placeholder is inserted as written", () => {
    expect(substitute("$1 then $@", ["$2", "x"])).toBe("$2 then $2 x");
  });

  it("are dropped when the template has no placeholders", () => {
    expect(substitute("Review {{focus}}", ["security"])).toBe("Review {{focus}}");
  });
});

let root: string;
let cwd: string;
let agentDir: string;
let h: Agent | undefined;

beforeEach(() => {
  root = tempDir("pik-prompts-");
  cwd = join(root, "p");
  agentDir = join(root, "agent");
  mkdirSync(join(cwd, ".git"), { recursive: true });
  process.env.HOME = join(root, "home");
});
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
  removeAll(root);
});

async function templates(o: { flags?: Record<string, unknown>; settings?: Record<string, unknown> } = {}) {
  h = await agent({ cwd, agentDir, ...o });
  const list = await (h.kernel.host.current.services.get("commands")!.impl as CommandsService).list();
  return list.filter((c) => c.source === "prompt");
}

describe("templates", () => {
  it("come from .pi/prompts then ~/.pi/agent/prompts (non-recursive), first name wins", async () => {
    write(root, {
      "p/.pi/prompts/fix.md": "---\ndescription: project fix\n---\nFix it",
      "p/.pi/prompts/nested/deep.md": "not a template: prompts are not searched recursively",
      "agent/prompts/fix.md": "---\ndescription: user fix\n---\nFix it",
      "agent/prompts/plan.md": "Plan the work",
    });
    const list = await templates();
    expect(list.map((t) => `${t.name}: ${t.description}`)).toEqual(["fix: project fix", "plan: Plan the work"]);
  });

  it("take argument-hint from frontmatter and, without a description, the first line cut to 60 characters", async () => {
    write(cwd, {
      ".pi/prompts/long.md": `\n\n${"word ".repeat(20)}\nsecond line`,
      ".pi/prompts/hinted.md": "---\nargument-hint: <PR-URL>\n---\nReview $1",
    });
    const list = await templates();
    expect(list.find((t) => t.name === "long")!.description).toBe(`${"word ".repeat(12)}…`);
    expect(list.find((t) => t.name === "hinted")).toMatchObject({ argumentHint: "<PR-URL>", description: "Review $1" });
  });

  it("add --prompt-template files and dirs first; --no-prompt-templates keeps only those; settings add more", async () => {
    write(root, {
      "cli/one.md": "one",
      "cli-dir/two.md": "two",
      "agent/shared/three.md": "three",
      "p/.pi/prompts/auto.md": "auto",
    });
    const promptTemplate = [join(root, "cli", "one.md"), join(root, "cli-dir")];
    expect((await templates({ flags: { promptTemplate }, settings: { prompts: ["shared"] } })).map((t) => t.name)).toEqual([
      "one",
      "two",
      "three",
      "auto",
    ]);
    await h!.cleanup();
    expect((await templates({ flags: { promptTemplate, promptTemplates: false } })).map((t) => t.name)).toEqual(["one", "two"]);
  });

  it("honour .gitignore in the auto-discovered directories", async () => {
    write(cwd, { ".pi/prompts/.gitignore": "draft-*.md\n", ".pi/prompts/draft-x.md": "x", ".pi/prompts/real.md": "y" });
    expect((await templates()).map((t) => t.name)).toEqual(["real"]);
  });

  it("expand into the message the model gets", async () => {
    write(cwd, { ".pi/prompts/pr.md": "---\ndescription: PR\n---\nReview PR $1 focusing on ${@:2}." });
    await templates();
    h!.sim.push({ text: "ok" });
    await h!.kernel.actions.prompt(`/pr 42 "error handling" tests`);
    expect(h!.sim.requests[0].messages.at(-1)).toMatchObject({
      role: "user",
      content: [{ type: "text", text: "Review PR 42 focusing on error handling tests." }],
    });
  });
});
