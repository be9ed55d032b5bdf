// Real pi session files load with pi's active path, state and stats, and continue with entries
// in pi's format on the right branch.
import { describe, expect, it } from "vitest";
import { copyFixture, oracle, readEntries, sessionEnv, sessionSuite, startAgent } from "../support/sessions.js";

const t = sessionSuite();

const userTexts = (body: { messages: { role: string; content: unknown }[] }) =>
  body.messages.filter((m) => m.role === "user").map((m) => JSON.stringify(m.content));

describe.each(["simple", "branched", "compacted"])("pi fixture %s", (name) => {
  it("loads the active path, state and stats pi reports", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture(name, t.env.sessionDir, t.env.project);
    const o = oracle(name);
    const a = await startAgent(t.env, { session: file });
    try {
      expect(a.diagnostics.filter((d) => d.level !== "info")).toEqual([]);
      expect(a.api.agent.messages).toEqual(o.messages);
      expect(a.sessions.leafId).toBe(o.leafId);
      expect(a.sessions.id).toBe(o.state.sessionId);
      expect(a.api.agent.sessionId).toBe(o.state.sessionId);
      expect(a.sessions.name ?? null).toBe(o.state.sessionName);
      expect({ provider: a.api.agent.model?.provider, id: a.api.agent.model?.id }).toEqual(o.state.model);
      expect(a.api.agent.thinkingLevel).toBe(o.state.thinkingLevel);
      const stats = a.sessions.stats();
      const { contextUsage, ...rest } = stats;
      const { contextUsage: expectedUsage, ...expectedRest } = o.stats as {
        contextUsage: { tokens: number; contextWindow: number; percent: number };
      };
      expect(rest).toEqual(expectedRest);
      expect(contextUsage?.tokens).toBe(expectedUsage.tokens);
      expect(contextUsage?.percent).toBeCloseTo(expectedUsage.percent, 6);
    } finally {
      await a.stop();
    }
  });

  it("continues from pi's leaf, without off-path messages, in pi's entry format", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture(name, t.env.sessionDir, t.env.project);
    const before = readEntries(file).length;
    const o = oracle(name);
    const a = await startAgent(t.env, { session: file });
    t.sim.script({ text: "continued" });
    const start = t.sim.requests.length;
    try {
      await a.api.actions.prompt("carry on");
    } finally {
      await a.stop();
    }
    const body = t.sim.requests[start].body;
    const texts = userTexts(body).join("\n");
    for (const off of o.offPathUserTexts) expect(texts).not.toContain(off);
    expect(texts).toContain("carry on");
    const entries = readEntries(file);
    expect(entries).toHaveLength(before + 2);
    const [user, assistant] = entries.slice(before);
    expect(user).toMatchObject({
      type: "message",
      parentId: o.leafId,
      message: { role: "user", content: [{ type: "text", text: "carry on" }] },
    });
    expect(assistant).toMatchObject({
      type: "message",
      parentId: user.id,
      message: { role: "assistant", content: [{ type: "text", text: "continued" }] },
    });
    for (const e of [user, assistant]) {
      expect(e.id).toMatch(/^[0-9a-f]{8}$/);
      expect(new Date(e.timestamp as string).toISOString()).toBe(e.timestamp);
    }
  });
});
