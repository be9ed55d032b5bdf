// What the model sees of skills: the <available_skills> block (only with `read` active, without
// disable-model-invocation skills) and /skill:name expansion in pi's wrapper.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { agent, removeAll, skillMd, tempDir, write, type Agent } from "./skills-fixture.js";

let root: string;
let cwd: string;
let h: Agent;

beforeEach(() => {
  root = tempDir();
  cwd = join(root, "p");
  mkdirSync(join(cwd, ".git"), { recursive: true });
  process.env.HOME = join(root, "home");
  write(cwd, {
    ".pi/skills/pdf-tools/SKILL.md": skillMd(
      { description: "Extract text & tables from <PDF> files" },
      "# PDF\n\nRun scripts/extract.py.\n",
    ),
    ".pi/skills/secret/SKILL.md": skillMd({ description: "Only on request", "disable-model-invocation": true }, "Secret steps."),
  });
});
afterEach(async () => {
  await h?.cleanup();
  removeAll(root);
});

async function ask(text: string) {
  h.sim.push({ text: "ok" });
  await h.kernel.actions.prompt(text);
  return h.sim.requests.at(-1)!;
}

describe("skills in the system prompt", () => {
  it("lists visible skills (XML-escaped) after the base prompt and before the date, only when read is active", async () => {
    h = await agent({ cwd, agentDir: join(root, "agent") });
    const { systemPrompt } = await ask("hi");
    const file = join(cwd, ".pi", "skills", "pdf-tools", "SKILL.md");
    expect(systemPrompt).toContain(
      [
        "\n\nThe following skills provide specialized instructions for specific tasks.",
        "Use the read tool to load a skill's file when the task matches its description.",
        "When a skill file references a relative path, resolve it against the skill directory (parent of SKILL.md / dirname of the path) and use that absolute path in tool commands.",
        "",
        "<available_skills>",
        "  <skill>",
        "    <name>pdf-tools</name>",
        "    <description>Extract text &amp; tables from &lt;PDF&gt; files</description>",
        `    <location>${file}</location>`,
        "  </skill>",
        "</available_skills>",
      ].join("\n"),
    );
    expect(systemPrompt).not.toContain("secret");
    expect(systemPrompt.indexOf("<available_skills>")).toBeLessThan(systemPrompt.indexOf("Current date:"));
    expect(systemPrompt.indexOf("<available_skills>")).toBeGreaterThan(systemPrompt.indexOf("Guidelines:"));
  });

  it("leaves the block out when the read tool is not active", async () => {
    h = await agent({ cwd, agentDir: join(root, "agent"), read: false });
    expect((await ask("hi")).systemPrompt).not.toContain("available_skills");
  });

  it("leaves it out when the user turned read off", async () => {
    h = await agent({ cwd, agentDir: join(root, "agent") });
    h.kernel.actions.setActiveTools([]);
    expect((await ask("hi")).systemPrompt).not.toContain("available_skills");
  });
});

describe("/skill:name", () => {
  it("sends the body in pi's wrapper, followed by the arguments", async () => {
    h = await agent({ cwd, agentDir: join(root, "agent") });
    const req = await ask("/skill:pdf-tools summarise report.pdf");
    const dir = join(cwd, ".pi", "skills", "pdf-tools");
    expect(req.messages.at(-1)).toMatchObject({
      role: "user",
      content: [
        {
          type: "text",
          text: `<skill name="pdf-tools" location="${dir}/SKILL.md">\nReferences are relative to ${dir}.\n\n# PDF\n\nRun scripts/extract.py.\n</skill>\n\nsummarise report.pdf`,
        },
      ],
    });
  });

  it("works for a disable-model-invocation skill, and without arguments", async () => {
    h = await agent({ cwd, agentDir: join(root, "agent") });
    const req = await ask("/skill:secret");
    expect((req.messages.at(-1)!.content as { text: string }[])[0].text).toMatch(
      /^<skill name="secret" location="[^"]+">\nReferences are relative to .+\.\n\nSecret steps\.\n<\/skill>$/,
    );
  });

  it("are not commands when enableSkillCommands is false", async () => {
    h = await agent({ cwd, agentDir: join(root, "agent"), settings: { enableSkillCommands: false } });
    const list = await (h.kernel.host.current.services.get("commands")!.impl as { list(): Promise<{ name: string }[]> }).list();
    expect(list.map((c) => c.name)).not.toContain("skill:pdf-tools");
    await h.kernel.actions.prompt("/skill:pdf-tools x");
    expect(h.sim.requests).toHaveLength(0);
  });
});
