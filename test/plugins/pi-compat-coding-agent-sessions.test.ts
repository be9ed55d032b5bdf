// pi's SessionManager, session format helpers, SettingsManager, skills, compaction helpers and
// parseArgs as extensions import them, on real files in a temp agent dir.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as pi from "../../plugins/pi-compat/modules/coding-agent.js";

let root: string;
let cwd: string;
let sessionDir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "pi-agent-sessions-"));
  cwd = join(root, "project");
  sessionDir = join(root, "sessions");
  mkdirSync(cwd);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const user = (text: string) => ({ role: "user", content: [{ type: "text", text }], timestamp: Date.now() }) as never;
const assistant = (text: string) =>
  ({
    role: "assistant",
    content: [{ type: "text", text }],
    provider: "sim",
    model: "m1",
    stopReason: "stop",
    timestamp: Date.now(),
    usage: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { total: 0 } },
  }) as never;

describe("SessionManager", () => {
  it("writes nothing until the first reply, then pi's JSONL tree; reopens and continues it", async () => {
    const sm = pi.SessionManager.create(cwd, sessionDir);
    const file = sm.getSessionFile()!;
    const u = sm.appendMessage(user("hello"));
    expect(existsSync(file)).toBe(false);
    sm.appendModelChange("sim", "m1");
    const a = sm.appendMessage(assistant("hi there"));
    const lines = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ type: "session", version: 3, id: sm.getSessionId(), cwd });
    expect(lines.slice(1).map((e) => [e.type, e.parentId])).toEqual([
      ["message", null],
      ["model_change", u],
      ["message", lines[2].id],
    ]);
    expect(sm.getLeafId()).toBe(a);

    const reopened = pi.SessionManager.open(file);
    expect(reopened.getSessionId()).toBe(sm.getSessionId());
    expect(reopened.getBranch().map((e) => e.id)).toEqual(sm.getEntries().map((e) => e.id));
    reopened.appendMessage(user("more"));
    expect(readFileSync(file, "utf8").trim().split("\n")).toHaveLength(5);
    expect(pi.SessionManager.continueRecent(cwd, sessionDir).getSessionFile()).toBe(file);
    const [info] = await pi.SessionManager.list(cwd, sessionDir);
    expect(info).toMatchObject({ path: file, id: sm.getSessionId(), cwd, messageCount: 3, firstMessage: "hello" });
  });

  it("branches, and builds the context from the leaf with the latest compaction", () => {
    const sm = pi.SessionManager.inMemory(cwd);
    expect(sm.getSessionFile()).toBeUndefined();
    const u1 = sm.appendMessage(user("one"));
    sm.appendMessage(assistant("1"));
    const u2 = sm.appendMessage(user("two"));
    sm.appendMessage(assistant("2"));
    sm.appendThinkingLevelChange("high");
    sm.appendCompaction("summary of one", u2, 500);
    sm.appendMessage(user("three"));
    const ctx = sm.buildSessionContext();
    expect(ctx.thinkingLevel).toBe("high");
    expect(ctx.model).toEqual({ provider: "sim", modelId: "m1" });
    expect(ctx.messages.map((m) => (m as { role: string }).role)).toEqual(["compactionSummary", "user", "assistant", "user"]);
    expect(ctx.messages[0]).toMatchObject({ summary: "summary of one", tokensBefore: 500 });

    sm.branch(u1);
    sm.appendMessage(user("other path"));
    expect(sm.buildSessionContext().messages.map((m) => (m as { content: { text: string }[] }).content[0]!.text)).toEqual([
      "one",
      "other path",
    ]);
    expect(sm.getChildren(u1)).toHaveLength(2);
    expect(() => sm.branch("nope")).toThrow("Entry nope not found");
    sm.appendSessionInfo("  named  ");
    expect(sm.getSessionName()).toBe("named");
  });

  it("parses and migrates version 1 files, and exports pi's format helpers", () => {
    const v1 = [
      { type: "session", id: "s1", timestamp: "2025-01-01T00:00:00.000Z", cwd },
      { type: "message", timestamp: "2025-01-01T00:00:01.000Z", message: user("old") },
      {
        type: "message",
        timestamp: "2025-01-01T00:00:02.000Z",
        message: { role: "hookMessage", customType: "x", content: "hook", display: true },
      },
      { type: "compaction", timestamp: "2025-01-01T00:00:03.000Z", summary: "s", firstKeptEntryIndex: 1, tokensBefore: 9 },
    ];
    const entries = pi.parseSessionEntries(`${v1.map((e) => JSON.stringify(e)).join("\n")}\nnot json\n`);
    expect(entries).toHaveLength(4);
    pi.migrateSessionEntries(entries);
    const [header, a, b, c] = entries as Record<string, any>[];
    expect(header!.version).toBe(pi.CURRENT_SESSION_VERSION);
    expect([a!.parentId, b!.parentId, c!.parentId]).toEqual([null, a!.id, b!.id]);
    expect(b!.message.role).toBe("custom");
    expect(c!.firstKeptEntryId).toBe(a!.id);
    expect(pi.getLatestCompactionEntry(entries.slice(1) as never)?.summary).toBe("s");
    const file = join(root, "old.jsonl");
    writeFileSync(file, v1.map((e) => JSON.stringify(e)).join("\n"));
    expect(
      pi.SessionManager.open(file)
        .buildSessionContext()
        .messages.map((m) => (m as { role: string }).role),
    ).toEqual(["compactionSummary", "user", "custom"]);
  });
});

describe("SettingsManager", () => {
  it("reads global settings under the project's, with pi's defaults, and writes the global file", () => {
    const agentDir = join(root, "agent");
    mkdirSync(join(cwd, ".pi"), { recursive: true });
    mkdirSync(agentDir);
    writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ defaultModel: "g", compaction: { reserveTokens: 1000 } }));
    writeFileSync(join(cwd, ".pi", "settings.json"), JSON.stringify({ defaultModel: "p" }));
    const s = pi.SettingsManager.create(cwd, agentDir) as any;
    expect(s.getDefaultModel()).toBe("p");
    expect(s.getCompactionSettings()).toEqual({ enabled: true, reserveTokens: 1000, keepRecentTokens: 20000 });
    expect(s.getSteeringMode()).toBe("one-at-a-time");
    s.setDefaultModelAndProvider("sim", "m2");
    s.setTheme("light");
    expect(JSON.parse(readFileSync(join(agentDir, "settings.json"), "utf8"))).toMatchObject({
      defaultProvider: "sim",
      defaultModel: "m2",
      theme: "light",
    });
    const mem = pi.SettingsManager.inMemory({ theme: "dark" }) as any;
    mem.setTheme("light");
    expect(mem.getTheme()).toBe("light");
    expect(mem.getQuietStartup()).toBe(false);
  });
});

describe("skills, context files, compaction helpers, parseArgs, paths", () => {
  it("loads skills pi's way and formats them for the prompt", () => {
    const skills = join(root, "skills");
    mkdirSync(join(skills, "pdf"), { recursive: true });
    writeFileSync(join(skills, "pdf", "SKILL.md"), "---\nname: pdf\ndescription: Work with <PDF> files\n---\nbody");
    writeFileSync(join(skills, "loose.md"), "---\ndescription: a loose one\n---\n");
    writeFileSync(join(skills, "nodesc.md"), "no frontmatter");
    const { skills: found } = pi.loadSkillsFromDir({ dir: skills, source: "path" });
    expect(found.map((s) => s.name).sort()).toEqual(["pdf", "skills"]);
    const prompt = pi.formatSkillsForPrompt(found);
    expect(prompt).toContain("<description>Work with &lt;PDF&gt; files</description>");
    expect(prompt).toContain(`<location>${join(skills, "pdf", "SKILL.md")}</location>`);
    const both = pi.loadSkills({ cwd, agentDir: join(root, "agent"), skillPaths: [skills, join(root, "missing")], includeDefaults: false });
    expect(both.diagnostics.map((d) => d.message)).toContain("skill path does not exist");
    expect(pi.parseSkillBlock('<skill name="pdf" location="/x">\nbody\n</skill>\n\nplease')).toEqual({
      name: "pdf",
      location: "/x",
      content: "body",
      userMessage: "please",
    });
  });

  it("finds AGENTS.md from the agent dir and the project's ancestors", () => {
    const agentDir = join(root, "agent");
    mkdirSync(agentDir);
    writeFileSync(join(agentDir, "AGENTS.md"), "global");
    writeFileSync(join(root, "CLAUDE.md"), "parent");
    writeFileSync(join(cwd, "AGENTS.md"), "\uFEFFproject");
    const files = pi.loadProjectContextFiles({ cwd, agentDir });
    expect(files.map((f) => f.content)).toEqual(["global", "parent", "project"]);
  });

  it("estimates, triggers and cuts compactions as pi does", () => {
    const sm = pi.SessionManager.inMemory(cwd);
    sm.appendMessage(user("x".repeat(400)));
    sm.appendMessage(assistant("y".repeat(400)));
    sm.appendMessage(user("z".repeat(40)));
    const entries = sm.getEntries();
    expect(pi.estimateTokens(user("abcd"))).toBe(1);
    expect(pi.getLastAssistantUsage(entries)?.totalTokens).toBe(15);
    expect(pi.calculateContextTokens({ input: 1, output: 2, cacheRead: 3, cacheWrite: 4, totalTokens: 0 } as never)).toBe(10);
    expect(pi.shouldCompact(100_000, 128_000, pi.DEFAULT_COMPACTION_SETTINGS)).toBe(false);
    expect(pi.shouldCompact(120_000, 128_000, pi.DEFAULT_COMPACTION_SETTINGS)).toBe(true);
    expect(pi.findCutPoint(entries, 0, entries.length, 50)).toEqual({ firstKeptEntryIndex: 1, turnStartIndex: 0, isSplitTurn: true });
    expect(pi.findCutPoint(entries, 0, entries.length, 5)).toEqual({ firstKeptEntryIndex: 2, turnStartIndex: -1, isSplitTurn: false });
    expect(pi.findTurnStartIndex(entries, 1, 0)).toBe(0);
    expect(pi.serializeConversation(pi.convertToLlm([user("hi")]) as never)).toContain("hi");
  });

  it("parses pi's command line and reports paths", () => {
    const args = pi.parseArgs(["-p", "--model", "sim/m", "--tools", "read, bash", "@notes.md", "--my-flag", "v", "do it"]);
    expect(args).toMatchObject({ print: true, model: "sim/m", tools: ["read", "bash"], fileArgs: ["notes.md"], messages: ["do it"] });
    expect(args.unknownFlags.get("my-flag")).toBe("v");
    expect(pi.parseArgs(["--thinking", "loud"]).diagnostics[0]?.type).toBe("error");
    expect(existsSync(join(pi.getPackageDir(), "bin", "pi.js"))).toBe(true);
    expect(pi.getReadmePath()).toBe(join(pi.getPackageDir(), "README.md"));
    expect(pi.formatReadLineRange(5, 10)).toBe(":5-14");
  });

  it("throws a clear error, never `undefined is not a function`, for what pi-kernel serves differently", () => {
    expect(() => pi.main([])).toThrow("pi-kernel: main is pi's CLI entry point");
    expect(() => new pi.DefaultResourceLoader({})).toThrow(/pi-kernel: DefaultResourceLoader/);
    expect(() => pi.AgentSessionRuntime.create()).toThrow(/pi-kernel: AgentSessionRuntime/);
    expect(() => pi.createPowerShellTool(cwd)).toThrow(/bash tool/);
    expect(new pi.ModelRegistry().find("sim", "m")).toEqual({ provider: "sim", id: "m" });
    expect(() => new pi.ModelRegistry().getAll()).toThrow(/ctx.modelRegistry/);
  });

  it("keeps credentials in auth.json with runtime keys over them", async () => {
    const path = join(root, "auth.json");
    const auth = pi.AuthStorage.create(path);
    auth.set("sim", { type: "api_key", key: "stored" });
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({ sim: { type: "api_key", key: "stored" } });
    expect(await auth.getApiKey("sim")).toBe("stored");
    auth.setRuntimeApiKey("sim", "runtime");
    expect(await auth.getApiKey("sim")).toBe("runtime");
    expect(pi.readStoredCredential("sim", path)).toEqual({ type: "api_key", key: "stored" });
    expect(pi.AuthStorage.inMemory({ a: { type: "api_key", key: "k" } }).list()).toEqual(["a"]);
  });
});
