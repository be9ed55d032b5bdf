// The navigation commands, called through the command registry of an in-process agent: /tree
// (with and without a branch summary), /fork, /clone, /new, /name, /label, /resume, /session.
import { describe, expect, it } from "vitest";

import sessionCommands from "../../plugins/session-commands/index.js";
import { type Agent, sessionSuite, copyFixture, readEntries, sessionEnv, startAgent } from "../support/sessions.js";
import type { CommandDef } from "../../contracts/index.js";

const t = sessionSuite();

async function branched() {
  t.env = sessionEnv(t.sim.url);
  const file = copyFixture("branched", t.env.sessionDir, t.env.project);
  t.agent = await startAgent(t.env, { session: file }, [sessionCommands]);
  return { a: t.agent, file };
}
const run = async (a: Agent, name: string, args = "") =>
  String((await (a.api.registry.get("command", name) as CommandDef).handler(args, { args, api: a.api })) ?? "");
const texts = (a: Agent) =>
  a.api.agent.messages.map((m) => {
    const c = (m as { content?: unknown; summary?: string }).content;
    return typeof c === "string" ? c : Array.isArray(c) ? c.map((p) => p.text).join("") : `[${m.role}]`;
  });

describe("/tree", () => {
  it("without a UI lists the tree with ids, labels and the active path", async () => {
    const { a } = await branched();
    const out = await run(a, "tree");
    expect(out).toMatch(/\* +ae314e53 user: Let's design the cache\./);
    expect(out).toMatch(/^ +e9811187 assistant \[lfu-variant\]$/m);
    expect(out).toMatch(/\* +e7e7495a assistant {2}← you are here/);
    expect(out).toContain("/tree <entry-id>");
  });

  it("moves the leaf to another branch; the next message continues there", async () => {
    const { a, file } = await branched();
    expect(await run(a, "tree", "6256bb3a")).toMatch(/Moved to entry 6256bb3a/);
    expect(texts(a)).toEqual([
      "Let's design the cache.",
      "A cache needs a size bound and an eviction policy.",
      "Use an LRU policy.",
      "LRU: evict the least recently used entry.",
    ]);
    t.sim.script({ text: "back on LRU" });
    await a.api.actions.prompt("continue with LRU");
    const entries = readEntries(file);
    expect(entries.at(-2)).toMatchObject({
      parentId: "6256bb3a",
      message: { role: "user", content: [{ type: "text", text: "continue with LRU" }] },
    });
  });

  it("choosing a user message continues from just before it and hands its text back", async () => {
    const { a } = await branched();
    const out = await run(a, "tree", "960457d2");
    expect(out).toContain("Moved to entry 7c37529e");
    expect(out).toContain("Use an LFU policy instead.");
    expect(a.sessions.leafId).toBe("7c37529e");
  });

  it("--summary leaves a branch summary made by a real summary request", async () => {
    const { a, file } = await branched();
    t.sim.script({ text: "## Goal\nTry TTL." });
    const start = t.sim.requests.length;
    await run(a, "tree", "6256bb3a --summary");
    const prompt = t.sim.requests[start].body.messages.at(-1).content;
    expect(JSON.stringify(prompt)).toContain("TTL: every entry expires");
    const entry = readEntries(file).at(-1)!;
    expect(entry).toMatchObject({ type: "branch_summary", parentId: "6256bb3a", fromId: "6256bb3a" });
    expect(String(entry.summary)).toMatch(
      /^The user explored a different conversation branch before returning here\.\nSummary of that exploration:\n\n## Goal\nTry TTL\./,
    );
    expect(a.api.agent.messages.at(-1)).toMatchObject({ role: "branchSummary", fromId: "6256bb3a" });
  });

  it("restores the model and thinking level of the branch it moves to", async () => {
    t.env = sessionEnv(t.sim.url);
    t.agent = await startAgent(t.env, {}, [sessionCommands]);
    const a = t.agent;
    t.sim.script({ text: "one" }, { text: "two" });
    await a.api.actions.prompt("first");
    const fork = a.sessions.leafId!;
    const models = a.api.services.use("models");
    a.api.actions.setModel(models.find("llmsim-openai", "other-model")!);
    a.api.actions.setThinkingLevel("high");
    await a.api.actions.prompt("second");
    expect(a.api.agent.model?.id).toBe("other-model");
    await run(a, "tree", fork);
    expect(a.api.agent.model?.id).toBe("sim-model");
    expect(a.api.agent.thinkingLevel).toBe("medium");
  });
});

describe("new files: /fork, /clone, /new", () => {
  it("/fork starts a new file holding the path before a user message", async () => {
    const { a, file } = await branched();
    expect(await run(a, "fork")).toMatch(/f016f277 Use a TTL-based policy\./);
    const out = await run(a, "fork", "f016f277");
    expect(out).toContain("Use a TTL-based policy.");
    const forked = a.sessions.file!;
    expect(forked).not.toBe(file);
    const [header, ...entries] = readEntries(forked);
    expect(header).toMatchObject({ parentSession: file });
    expect(entries.map((e) => e.id)).toEqual(["7ed6d29f", "aebc0a75", "ae314e53", "7c37529e", "c0778efc"]);
    expect(a.api.agent.messages).toHaveLength(3);
  });

  it("/clone copies the active path; /new starts empty", async () => {
    const { a, file } = await branched();
    await run(a, "clone");
    const cloned = a.sessions.file!;
    expect(
      readEntries(cloned)
        .slice(1)
        .map((e) => e.id),
    ).toEqual(["7ed6d29f", "aebc0a75", "ae314e53", "7c37529e", "c0778efc", "f016f277", "e7e7495a"]);
    expect(cloned).not.toBe(file);
    await run(a, "new");
    expect(a.api.agent.messages).toEqual([]);
    expect(a.sessions.file).not.toBe(cloned);
  });
});

describe("/name, /label, /resume, /session", () => {
  it("names and labels are entries; /resume lists and switches", async () => {
    const { a, file } = await branched();
    expect(await run(a, "name", "Cache design")).toContain('"Cache design"');
    expect(a.sessions.name).toBe("Cache design");
    expect(await run(a, "label", "7c37529e first answer")).toMatch(/Labelled 7c37529e/);
    const entries = readEntries(file);
    expect(entries.at(-2)).toMatchObject({ type: "session_info", name: "Cache design" });
    expect(entries.at(-1)).toMatchObject({ type: "label", targetId: "7c37529e", label: "first answer" });
    expect(await run(a, "session")).toMatch(/messages: 2 user, 2 assistant/);
    await run(a, "new");
    // The shortest prefix that tells the sessions apart (at least 8 characters), and it resumes.
    expect(await run(a, "resume")).toMatch(/01a1ff48 +Cache design/);
    await run(a, "resume", "01a1ff48");
    expect(a.sessions.file).toBe(file);
    expect(a.api.agent.messages).toHaveLength(5);
  });
});
