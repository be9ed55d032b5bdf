// The slash-command dispatcher: built-in and extension commands, templates and skills through one
// registry, /help, "did you mean", completions, and what reaches the model.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { definePlugin, Stage, type PluginDef } from "../../kernel/index.js";
import type { CommandsService } from "../../lib/resource-kit/index.js";
import { agent, removeAll, skillMd, tempDir, write, type Agent } from "./skills-fixture.js";

let root: string;
let cwd: string;
let h: Agent;
let notes: { text: string; level?: string }[];

/** A stand-in UI surface: records what commands show the user. */
const ui = (): PluginDef =>
  definePlugin({
    name: "test-ui",
    setup: (api) => api.services.provide("ui", { notify: (text: string, level?: string) => void notes.push({ text, level }) }),
  });

const extension = definePlugin({
  name: "my-extension",
  setup(api) {
    api.register.command({
      name: "deploy",
      description: "Deploy somewhere",
      argumentHint: "<env>",
      handler: (args) => `deploying to ${args}`,
      getArgumentCompletions: (prefix) => ["staging", "production"].filter((e) => e.startsWith(prefix)).map((value) => ({ value })),
    });
    api.register.command({
      name: "boom",
      description: "Always fails",
      handler: () => {
        throw new Error("kaput");
      },
    });
    api.register.command({
      name: "review",
      description: "The extension's own review",
      handler: () => ({ action: "transform", text: "extension review" }),
    });
  },
});

beforeEach(async () => {
  notes = [];
  root = tempDir("pik-commands-");
  cwd = join(root, "p");
  mkdirSync(join(cwd, ".git"), { recursive: true });
  process.env.HOME = join(root, "home");
  write(cwd, {
    ".pi/prompts/review.md": "---\ndescription: Review code\n---\nReview $1",
    ".pi/prompts/explain.md": "---\ndescription: Explain a file\nargument-hint: <file>\n---\nExplain $1 in detail.",
    ".pi/skills/pdf/SKILL.md": skillMd({ description: "Work with PDFs" }),
  });
  h = await agent({ cwd, agentDir: join(root, "agent"), extra: [ui(), extension] });
});
afterEach(async () => {
  await h.cleanup();
  removeAll(root);
});

const service = () => h.kernel.host.current.services.get("commands")!.impl as CommandsService;

describe("dispatch", () => {
  it("/help lists every command with its hint, description and source", async () => {
    await h.kernel.actions.prompt("/help");
    expect(h.sim.requests).toHaveLength(0);
    const text = notes[0].text;
    expect(text).toMatch(/^Built-in commands:\n {2}\/help \[filter\] +List the available commands/);
    expect(text).toMatch(
      /Extension commands:\n {2}\/deploy <env> +Deploy somewhere\n {2}\/boom +Always fails\n {2}\/review +The extension's own review/,
    );
    expect(text).toMatch(/Prompt templates:\n {2}\/explain <file> +Explain a file/);
    expect(text).toMatch(/Skills:\n {2}\/skill:pdf \[message\] +Work with PDFs/);
    // The template named like the extension command loses (extension commands come first).
    expect(text).not.toContain("Review code");
  });

  it("/help filters by a word", async () => {
    await h.kernel.actions.prompt("/help pdf");
    expect(notes[0].text).toBe("Skills:\n  /skill:pdf [message]  Work with PDFs");
  });

  it("runs an extension command with its arguments; its text is shown, nothing goes to the model", async () => {
    await h.kernel.actions.prompt("/deploy staging now");
    expect(notes).toEqual([{ text: "deploying to staging now", level: "info" }]);
    expect(h.sim.requests).toHaveLength(0);
  });

  it("reports a failing command as an error and keeps going", async () => {
    await h.kernel.actions.prompt("/boom");
    expect(notes).toEqual([{ text: "/boom failed: kaput", level: "error" }]);
    h.sim.push({ text: "fine" });
    await h.kernel.actions.prompt("still alive?");
    expect(h.sim.requests).toHaveLength(1);
  });

  it("answers an unknown command with a suggestion and does not send it to the model", async () => {
    await h.kernel.actions.prompt("/hlep");
    await h.kernel.actions.prompt("/skill:pfd");
    await h.kernel.actions.prompt("/explian foo.ts");
    await h.kernel.actions.prompt("/zzzzzz");
    expect(h.sim.requests).toHaveLength(0);
    expect(notes.map((n) => n.level)).toEqual(["warning", "warning", "warning", "warning"]);
    expect(notes[0].text).toContain("Unknown command /hlep. Did you mean /help?");
    expect(notes[1].text).toContain("Did you mean /skill:pdf?");
    expect(notes[2].text).toContain("Did you mean /explain?");
    expect(notes[3].text).toMatch(/^Unknown command \/zzzzzz\. \(\/help lists/);
  });

  it("sends text that only starts with a path, or with a space, to the model unchanged", async () => {
    h.sim.push({ text: "a" }, { text: "b" });
    await h.kernel.actions.prompt("/usr/bin/node crashes");
    await h.kernel.actions.prompt(" /help");
    expect(h.sim.requests.map((r) => r.messages.at(-1)!.content)).toEqual([
      [{ type: "text", text: "/usr/bin/node crashes" }],
      [{ type: "text", text: " /help" }],
    ]);
  });

  it("expands templates after other input hooks, but extension commands claim input before them", async () => {
    const seen: string[] = [];
    const observer = definePlugin({
      name: "observer",
      setup: (api) => api.on("input", (e) => void seen.push(e.text), { stage: Stage.NORMAL }),
    });
    await h.cleanup();
    h = await agent({ cwd, agentDir: join(root, "agent"), extra: [ui(), extension, observer] });
    h.sim.push({ text: "ok" });
    await h.kernel.actions.prompt("/deploy x");
    await h.kernel.actions.prompt("/explain a.ts");
    expect(seen).toEqual(["/explain a.ts"]);
    expect(h.sim.requests[0].messages.at(-1)!.content).toEqual([{ type: "text", text: "Explain a.ts in detail." }]);
  });
});

describe("the commands service", () => {
  it("lists commands in match order without duplicates", async () => {
    const names = (await service().list()).map((c) => `${c.source}:${c.name}`);
    expect(names).toEqual([
      "builtin:help",
      "builtin:reload",
      "extension:deploy",
      "extension:boom",
      "extension:review",
      "prompt:explain",
      "skill:skill:pdf",
    ]);
  });

  it("completes command names and then the command's arguments", async () => {
    expect(await service().complete("/de")).toEqual([{ value: "/deploy", label: "/deploy <env>", description: "Deploy somewhere" }]);
    expect((await service().complete("/sk")).map((c) => c.value)).toEqual(["/skill:pdf"]);
    expect(await service().complete("/deploy pro")).toEqual([{ value: "production" }]);
    expect(await service().complete("plain text")).toEqual([]);
  });
});

describe("expanding a queued message (steer / follow-up)", () => {
  it("expands a template and a skill, leaves plain text and built-ins alone, refuses an extension command", async () => {
    expect(await service().expand("/explain src/a.ts")).toBe("Explain src/a.ts in detail.");
    expect(await service().expand("/skill:pdf split it")).toMatch(/^<skill name="pdf" [\s\S]*<\/skill>\n\nsplit it$/);
    expect(await service().expand("just words")).toBe("just words");
    expect(await service().expand("/help")).toBe("/help");
    expect(await service().expand("/nothing-here x")).toBe("/nothing-here x");
    await expect(service().expand("/deploy staging")).rejects.toThrow('Extension command "/deploy" cannot be queued');
    expect(notes).toEqual([]);
    expect(h.sim.requests).toHaveLength(0);
  });
});

describe("/reload", () => {
  it("builds a new plugin generation and says so through the new one", async () => {
    const before = h.kernel.host.current.id;
    await h.kernel.actions.prompt("/reload");
    expect(h.kernel.host.current.id).toBeGreaterThan(before);
    expect(notes.at(-1)).toEqual({ text: "Reloaded extensions, skills, prompt templates and themes.", level: "info" });
    expect(h.sim.requests).toHaveLength(0);
  });
});
