// New sessions are written lazily, in pi's layout; -c, --session, --fork and --no-session pick
// the right file; resuming restores messages, model and thinking level; old formats migrate.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cwdFolderName } from "../../plugins/session-jsonl/format/paths.js";
import { copyFixture, readEntries, sessionEnv, sessionSuite, startAgent } from "../support/sessions.js";

const t = sessionSuite();

const files = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".jsonl")) : []);

describe("a new session", () => {
  it("is created at the first assistant message, in pi's default location and format", async () => {
    t.env = sessionEnv(t.sim.url);
    const a = await startAgent(t.env, { sessionDir: undefined, thinking: "low" });
    const dir = join(t.env.agentDir, "sessions", cwdFolderName(t.env.project));
    expect(files(dir)).toEqual([]);
    expect(a.sessions.persisted).toBe(false);
    t.sim.script({ text: "hello back" });
    await a.api.actions.prompt("hello");
    const id = a.sessions.id;
    await a.stop();
    const [name] = files(dir);
    expect(name).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z_[0-9a-f-]{36}\.jsonl$/);
    const [header, ...entries] = readEntries(join(dir, name));
    expect(header).toMatchObject({ type: "session", version: 3, id, cwd: t.env.project });
    expect(name.endsWith(`_${header.id}.jsonl`)).toBe(true);
    expect(header.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab]/);
    expect(entries.map((e) => e.type)).toEqual(["model_change", "thinking_level_change", "message", "message"]);
    expect(entries[0]).toMatchObject({ parentId: null, provider: "llmsim-openai", modelId: "sim-model" });
    expect(entries[1]).toMatchObject({ parentId: entries[0].id, thinkingLevel: "low" });
    expect(entries[3]).toMatchObject({ parentId: entries[2].id, message: { role: "assistant" } });
    expect(existsSync(join(dir, `${name}.lock`))).toBe(false); // released on stop
  });

  it("--no-session writes nothing", async () => {
    t.env = sessionEnv(t.sim.url);
    const a = await startAgent(t.env, { session: false });
    t.sim.script({ text: "ok" });
    await a.api.actions.prompt("hi");
    await a.stop();
    expect(files(t.env.sessionDir)).toEqual([]);
    expect(existsSync(join(t.env.agentDir, "sessions"))).toBe(false);
  });

  it("records model and thinking changes as entries", async () => {
    t.env = sessionEnv(t.sim.url);
    const a = await startAgent(t.env);
    t.sim.script({ text: "one" });
    await a.api.actions.prompt("first");
    const other = a.api.services.use("models").find("llmsim-openai", "other-model")!;
    a.api.actions.setModel(other);
    a.api.actions.setThinkingLevel("high");
    const file = a.sessions.file!;
    await a.stop();
    const entries = readEntries(file).slice(1);
    expect(entries.slice(-2)).toMatchObject([
      { type: "model_change", modelId: "other-model" },
      { type: "thinking_level_change", thinkingLevel: "high" },
    ]);
  });
});

describe("resuming", () => {
  it("-c continues the most recent session here with its model and thinking level", async () => {
    t.env = sessionEnv(t.sim.url);
    const first = await startAgent(t.env, { thinking: "high", model: "other-model" });
    t.sim.script({ text: "remembered" });
    await first.api.actions.prompt("remember this");
    const file = first.sessions.file!;
    await first.stop();

    const second = await startAgent(t.env, { continue: true });
    try {
      expect(second.sessions.file).toBe(file);
      expect(second.api.agent.model?.id).toBe("other-model");
      expect(second.api.agent.thinkingLevel).toBe("high");
      expect(second.api.agent.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
      t.sim.script({ text: "again" });
      const start = t.sim.requests.length;
      await second.api.actions.prompt("what did I say?");
      expect(JSON.stringify(t.sim.requests[start].body.messages)).toContain("remember this");
      expect(t.sim.requests[start].body.model).toBe("other-model");
    } finally {
      await second.stop();
    }
    // resuming does not re-record the restored settings
    expect(readEntries(file).filter((e) => e.type === "model_change")).toHaveLength(1);
  });

  it("flags given with -c override the session and are recorded", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture("simple", t.env.sessionDir, t.env.project);
    const a = await startAgent(t.env, { continue: true, model: "other-model", thinking: "medium" });
    expect(a.api.agent.model?.id).toBe("other-model");
    await a.stop();
    expect(readEntries(file).slice(-2)).toMatchObject([
      { type: "model_change", modelId: "other-model" },
      { type: "thinking_level_change", thinkingLevel: "medium" },
    ]);
  });

  it("--session finds a session by id prefix; an unknown one is an error and a new session", async () => {
    t.env = sessionEnv(t.sim.url);
    copyFixture("branched", t.env.sessionDir, t.env.project);
    const a = await startAgent(t.env, { session: "01a1ff48-16f0" });
    expect(a.sessions.id).toBe("01a1ff48-16f0-762b-8cec-0dc6d9d6a4cf");
    await a.stop();
    const b = await startAgent(t.env, { session: "ffffffff" });
    expect(b.api.agent.messages).toEqual([]);
    await b.stop();
    expect(b.diagnostics.map((d) => d.message).join("\n")).toMatch(/No session file or id matching "ffffffff"/);
  });

  it("--fork copies a whole session into a new file whose header points at the source", async () => {
    t.env = sessionEnv(t.sim.url);
    const source = copyFixture("branched", t.env.sessionDir, t.env.project);
    const original = readFileSync(source, "utf8");
    const a = await startAgent(t.env, { fork: source });
    const file = a.sessions.file!;
    expect(a.api.agent.messages).toHaveLength(5);
    await a.stop();
    expect(readFileSync(source, "utf8")).toBe(original);
    expect(file).not.toBe(source);
    const [header, ...entries] = readEntries(file);
    expect(header).toMatchObject({ type: "session", version: 3, parentSession: source, cwd: t.env.project });
    expect(entries.map((e) => e.id)).toEqual(
      readEntries(source)
        .slice(1)
        .map((e) => e.id),
    );
  });

  it("-r in the interactive UI opens the picker once the UI is up, and switches to the choice", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture("branched", t.env.sessionDir, t.env.project);
    copyFixture("simple", join(t.env.root, "other-project"), "/elsewhere");
    const a = await startAgent(t.env, { resume: true, mode: "interactive" });
    const offered: string[][] = [];
    a.api.services.provide("ui", {
      select: async (_title: string, options: string[]) => {
        offered.push(options);
        return options[0];
      },
    });
    for (let i = 0; i < 100 && a.sessions.file !== file; i++) await new Promise((r) => setTimeout(r, 20));
    expect(offered[0]).toHaveLength(1);
    expect(offered[0][0]).toMatch(/Let's design the cache\. +\[01a1ff48\]$/);
    expect(a.sessions.file).toBe(file);
    expect(a.api.agent.messages).toHaveLength(5);
    await a.stop();
  });

  it("-r without an interactive UI explains the alternatives", async () => {
    t.env = sessionEnv(t.sim.url);
    const a = await startAgent(t.env, { resume: true });
    await a.stop();
    expect(a.diagnostics.find((d) => d.level === "error")?.message).toMatch(/--resume needs the interactive picker.*-c.*--session/);
  });
});

describe("older formats", () => {
  it("a v1 file (no ids) is migrated to v3 and loads", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = join(t.env.sessionDir, "old.jsonl");
    const lines = [
      { type: "session", id: "v1-session", timestamp: "2025-01-01T00:00:00.000Z", cwd: t.env.project },
      { type: "message", timestamp: "2025-01-01T00:00:01.000Z", message: { role: "user", content: "old question", timestamp: 1 } },
      {
        type: "message",
        timestamp: "2025-01-01T00:00:02.000Z",
        message: {
          role: "assistant",
          content: [{ type: "text", text: "old answer" }],
          api: "openai-completions",
          provider: "llmsim-openai",
          model: "sim-model",
          usage: {
            input: 1,
            output: 1,
            cacheRead: 0,
            cacheWrite: 0,
            totalTokens: 2,
            cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
          },
          stopReason: "stop",
          timestamp: 2,
        },
      },
      { type: "compaction", timestamp: "2025-01-01T00:00:03.000Z", summary: "S", firstKeptEntryIndex: 1, tokensBefore: 5 },
      {
        type: "message",
        timestamp: "2025-01-01T00:00:04.000Z",
        message: { role: "hookMessage", customType: "x", content: "hook said", display: true, timestamp: 4 },
      },
    ];
    const { mkdirSync } = await import("node:fs");
    mkdirSync(t.env.sessionDir, { recursive: true });
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const a = await startAgent(t.env, { session: file });
    const roles = a.api.agent.messages.map((m) => m.role);
    await a.stop();
    const [header, ...entries] = readEntries(file);
    expect(header.version).toBe(3);
    expect(entries.every((e) => typeof e.id === "string")).toBe(true);
    expect(entries[2]).toMatchObject({ type: "compaction", firstKeptEntryId: entries[1].id });
    expect(entries[2]).not.toHaveProperty("firstKeptEntryIndex");
    expect(roles).toEqual(["compactionSummary", "assistant", "custom"]);
  });
});

describe("hot reload", () => {
  it("the new plugin generation keeps writing the same file under the same lock", async () => {
    t.env = sessionEnv(t.sim.url);
    const a = await startAgent(t.env);
    t.sim.script({ text: "before" }, { text: "after" });
    await a.api.actions.prompt("one");
    const file = a.sessions.file!;
    await a.kernel.actions.reload();
    const api = a.latest();
    const sessions = api.services.use("sessions");
    expect(sessions.file).toBe(file);
    expect(existsSync(`${file}.lock`)).toBe(true);
    await api.actions.prompt("two");
    await a.stop();
    expect(readEntries(file).filter((e) => e.type === "message")).toHaveLength(4);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});
