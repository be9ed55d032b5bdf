// Live edit: while a session runs, a SKILL.md (and a prompt template) is created, edited, broken
// and deleted; each next request sees exactly the change, with no restart and no command.
import { rmSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { agent, diagnosticsAbout, removeAll, skillMd, tempDir, type Agent } from "../plugins/skills-fixture.js";

interface Listing {
  list(): Promise<{ name: string; description: string }[]>;
}

let root: string;
let cwd: string;
let h: Agent;

beforeEach(() => {
  root = tempDir("pik-live-");
  cwd = join(root, "project");
  mkdirSync(join(cwd, ".git"), { recursive: true });
  process.env.HOME = join(root, "home");
});
afterEach(async () => {
  await h?.cleanup();
  removeAll(root);
});

const skills = () => h.kernel.host.current.services.get("skills")!.impl as Listing;
const commands = () => h.kernel.host.current.services.get("commands")!.impl as Listing;
/** The skills part of the system prompt of request `i`. */
const block = (i: number) => /<available_skills>[\s\S]*<\/available_skills>/.exec(h.sim.requests[i].systemPrompt)?.[0];

/** Generous: the machine running the suite may be busy (bench/skills.bench.mjs times it). */
const until = (check: () => unknown) => vi.waitFor(check, { timeout: 5000, interval: 20 });

async function ask(text: string): Promise<void> {
  h.sim.push({ text: "ok" });
  await h.kernel.actions.prompt(text);
}

describe("live edit of skills, mid-session", () => {
  it("a created, edited, broken and deleted SKILL.md is what the next request sees", async () => {
    const dir = join(cwd, ".pi", "skills", "deploy");
    const file = join(dir, "SKILL.md");
    h = await agent({ cwd, agentDir: join(root, "agent") });
    await ask("hello");
    expect(block(0)).toBeUndefined();

    // The skills directory does not exist yet: creating it is noticed too.
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, skillMd({ description: "Deploy the app to staging" }));
    await until(async () => expect((await skills().list()).map((s) => s.description)).toEqual(["Deploy the app to staging"]));
    await ask("first");
    expect(block(1)).toContain("<name>deploy</name>\n    <description>Deploy the app to staging</description>");
    expect(block(1)).toContain(`<location>${file}</location>`);

    writeFileSync(file, skillMd({ description: "Deploy the app to production, carefully" }));
    await until(async () => expect((await skills().list())[0]?.description).toContain("production"));
    await ask("second");
    expect(block(2)).toContain("<description>Deploy the app to production, carefully</description>");
    expect(block(2)).not.toContain("staging");

    // An edit that breaks the skill keeps the last good version, with a diagnostic.
    writeFileSync(file, skillMd({ name: "deploy" }));
    await until(() => expect(diagnosticsAbout(h, `${file}: description is required`)).toHaveLength(1));
    expect(diagnosticsAbout(h, `${file}: keeping the last good version`)).toHaveLength(1);
    await ask("third");
    expect(block(3)).toContain("<description>Deploy the app to production, carefully</description>");

    rmSync(file);
    await until(async () => expect(await skills().list()).toEqual([]));
    await ask("fourth");
    expect(block(4)).toBeUndefined();
    expect(h.sim.requests).toHaveLength(5);
  });

  it("a renamed skill directory moves the skill", async () => {
    const before = join(cwd, ".agents", "skills", "old-name");
    mkdirSync(before, { recursive: true });
    writeFileSync(join(before, "SKILL.md"), skillMd({ description: "Renamed later" }));
    h = await agent({ cwd, agentDir: join(root, "agent") });
    await ask("one");
    expect(block(0)).toContain("<name>old-name</name>");
    const { renameSync } = await import("node:fs");
    renameSync(before, join(cwd, ".agents", "skills", "new-name"));
    await until(async () => expect((await skills().list()).map((s) => s.name)).toEqual(["new-name"]));
    await ask("two");
    expect(block(1)).toContain("<name>new-name</name>");
    expect(block(1)).not.toContain("old-name");
  });

  it("a skills directory deleted and created again is still watched", async () => {
    const skillsDir = join(cwd, ".pi", "skills");
    mkdirSync(join(skillsDir, "first"), { recursive: true });
    writeFileSync(join(skillsDir, "first", "SKILL.md"), skillMd({ description: "First" }));
    h = await agent({ cwd, agentDir: join(root, "agent") });
    await ask("one");
    expect(block(0)).toContain("<name>first</name>");
    rmSync(join(cwd, ".pi"), { recursive: true });
    await until(async () => expect(await skills().list()).toEqual([]));
    mkdirSync(join(skillsDir, "second"), { recursive: true });
    writeFileSync(join(skillsDir, "second", "SKILL.md"), skillMd({ description: "Second" }));
    await until(async () => expect((await skills().list()).map((s) => s.name)).toEqual(["second"]));
    await ask("two");
    expect(block(1)).toContain("<name>second</name>");
  });

  it("in print mode (no watcher) every request re-reads the skills", async () => {
    h = await agent({ cwd, agentDir: join(root, "agent"), flags: { mode: "print" } });
    await ask("one");
    mkdirSync(join(cwd, ".pi", "skills", "fresh"), { recursive: true });
    writeFileSync(join(cwd, ".pi", "skills", "fresh", "SKILL.md"), skillMd({ description: "Appeared between messages" }));
    await ask("two");
    expect(block(0)).toBeUndefined();
    expect(block(1)).toContain("<description>Appeared between messages</description>");
  });

  it("prompt templates are live too: a new template is a command at once, a deleted one is gone", async () => {
    const prompts = join(cwd, ".pi", "prompts");
    h = await agent({ cwd, agentDir: join(root, "agent") });
    await ask("warm up");
    mkdirSync(prompts, { recursive: true });
    writeFileSync(join(prompts, "greet.md"), "---\ndescription: Greets\n---\nSay hello to $1.");
    await until(async () => expect((await commands().list()).map((c) => c.name)).toContain("greet"));
    await ask("/greet Ada");
    expect(h.sim.requests[1].messages.at(-1)).toMatchObject({ role: "user", content: [{ type: "text", text: "Say hello to Ada." }] });

    writeFileSync(join(prompts, "greet.md"), "---\ndescription: [broken\n---\nSay bye to $1.");
    await until(() => expect(diagnosticsAbout(h, "greet.md: frontmatter cannot be parsed")).toHaveLength(1));
    await ask("/greet Bob");
    expect(h.sim.requests[2].messages.at(-1)).toMatchObject({ content: [{ type: "text", text: "Say hello to Bob." }] });

    // Code that reads the kernel's command registry (UIs, RPC get_commands) sees templates too.
    expect(h.kernel.host.current.registry.get("command", "greet")).toMatchObject({ source: "prompt", description: "Greets" });

    rmSync(join(prompts, "greet.md"));
    await until(async () => expect((await commands().list()).map((c) => c.name)).not.toContain("greet"));
    await h.kernel.actions.prompt("/greet Cy");
    expect(h.sim.requests).toHaveLength(3);
    // Gone from the registry too: its registration was disposed, no placeholder is left.
    expect(h.kernel.host.current.registry.get("command", "greet")).toBeUndefined();
  });
});
