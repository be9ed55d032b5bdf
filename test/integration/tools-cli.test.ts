// Tool selection, context files and @file arguments through the spawned CLI against the LLM
// simulator: what the model is offered (tools and system prompt) is what the flags asked for.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { simProjects } from "../support/sim-projects.js";
import { runCli } from "../support/run-cli.js";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d4d5a90000000049454e44ae426082",
  "hex",
);

describe("tool flags, context files and @file (spawned CLI)", () => {
  const sims = simProjects();

  async function ask(args: string[], setup?: (p: { project: string; root: string }) => void) {
    const { root, project, agentDir } = sims.project();
    const sim = sims.sim;
    setup?.({ project, root });
    sim.script({ text: "ok" });
    const start = sim.requests.length;
    const r = await runCli(["--provider", "sim", "--model", "sim-model", ...args], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const body = sim.requests[start].body;
    const tools = ((body.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name).sort();
    return { body, tools, system: body.messages[0].content as string, project, root };
  }

  it("--tools picks tools, off-by-default ones included, and the prompt lists only those", async () => {
    const { tools, system } = await ask(["--tools", "read,grep,find,ls,hashline_edit", "-p", "hi"]);
    expect(tools).toEqual(["find", "grep", "hashline_edit", "ls", "read"]);
    const listed = [...system.matchAll(/^- (\w+): /gm)].map((m) => m[1]).sort();
    expect(listed).toEqual(["find", "grep", "hashline_edit", "ls", "read"]);
  });

  it("the default set is read, bash, edit, write; grep/find/ls stay off", async () => {
    const { tools, system } = await ask(["-p", "hi"]);
    expect(tools).toEqual(["bash", "edit", "read", "write"]);
    expect(system).toContain("Use bash for file operations like ls, rg, find");
  });

  it("--no-tools offers no tools and says so", async () => {
    const { tools, system } = await ask(["--no-tools", "-p", "hi"]);
    expect(tools).toEqual([]);
    expect(system).toContain("Available tools:\n(none)");
  });

  it("--no-builtin-tools keeps an extension's tool only", async () => {
    const { tools, system } = await ask(["--no-builtin-tools", "-e", "ext.ts", "-p", "hi"], ({ project }) => {
      writeFileSync(
        join(project, "ext.ts"),
        `
import { definePlugin, Type } from "pi-kernel";
export default definePlugin({ name: "ext", setup(api) {
  api.register.tool({ name: "shout", description: "Shout", promptSnippet: "Shout text", parameters: Type.Object({}),
    async execute() { return { content: [{ type: "text", text: "HEY" }] }; } });
} });`,
      );
    });
    expect(tools).toEqual(["shout"]);
    expect(system).toContain("- shout: Shout text");
    expect(system).not.toContain("- read:");
  });

  it("AGENTS.md reaches the prompt; -nc leaves it out", async () => {
    const withFile = (p: { project: string }) => writeFileSync(join(p.project, "AGENTS.md"), "Always answer in haiku.");
    const on = await ask(["-p", "hi"], withFile);
    expect(on.system).toContain(
      `# Project Context\n\nProject-specific instructions and guidelines:\n\n## ${join(on.project, "AGENTS.md")}\n\nAlways answer in haiku.`,
    );
    const off = await ask(["-nc", "-p", "hi"], withFile);
    expect(off.system).not.toContain("haiku");
  });

  it("@file inlines text and attaches images to the first message", async () => {
    const { body, project } = await ask(["-p", "@notes with space.txt", "@pic.png", "describe"], ({ project: p, root }) => {
      writeFileSync(join(p, "notes with space.txt"), "note body ✓");
      writeFileSync(join(p, "pic.png"), PNG);
      const models = join(root, "agent", "models.json"); // let the simulated model accept images
      writeFileSync(models, readFileSync(models, "utf8").replace('"contextWindow"', '"input": ["text", "image"], "contextWindow"'));
    });
    const user = body.messages.find((m: { role: string }) => m.role === "user");
    const parts = (Array.isArray(user.content) ? user.content : [{ type: "text", text: user.content }]) as {
      type: string;
      text?: string;
      image_url?: { url: string };
    }[];
    const text = parts
      .filter((p) => p.type === "text")
      .map((p) => p.text)
      .join("");
    expect(text).toContain(`<file name="${join(project, "notes with space.txt")}">\nnote body ✓\n</file>`);
    expect(text).toContain(`<file name="${join(project, "pic.png")}"></file>`);
    expect(text).toContain("describe");
    expect(parts.find((p) => p.type === "image_url")?.image_url?.url).toBe(`data:image/png;base64,${PNG.toString("base64")}`);
  });
});
