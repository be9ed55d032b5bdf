// Session files written by pi's current line (0.86.1, still format v3, with the newer entry types:
// leading and patching system messages, `usage`, a compaction with its `systemMessage` checkpoint,
// custom entries and messages, bashExecution) load with pi's active path, state and stats, and
// continue with entries in pi's format on the right branch. The fixtures and their oracles are made
// by test/fixtures/pi-sessions-current/generate.mjs with the real pi. Stats: see activePathStats.
import { describe, expect, it } from "vitest";
import { copyFixture, CURRENT_FIXTURES, oracle, readEntries, sessionEnv, sessionSuite, startAgent } from "../support/sessions.js";

const t = sessionSuite();

type Msg = {
  role: string;
  content: unknown;
  usage?: { input: number; output: number; cacheRead: number; cacheWrite: number; totalTokens: number; cost: { total: number } };
};

/** The 0.73.1 rule: counts and totals over the messages of the active path. */
function activePathStats(messages: Msg[]) {
  const count = (role: string) => messages.filter((m) => m.role === role).length;
  const assistants = messages.filter((m) => m.role === "assistant");
  const sum = (f: (u: NonNullable<Msg["usage"]>) => number) => assistants.reduce((t, m) => t + f(m.usage!), 0);
  return {
    userMessages: count("user"),
    assistantMessages: assistants.length,
    toolCalls: assistants.reduce((t, m) => t + (m.content as { type: string }[]).filter((c) => c.type === "toolCall").length, 0),
    toolResults: count("toolResult"),
    totalMessages: messages.length,
    tokens: {
      input: sum((u) => u.input),
      output: sum((u) => u.output),
      cacheRead: sum((u) => u.cacheRead),
      cacheWrite: sum((u) => u.cacheWrite),
      total: sum((u) => u.totalTokens),
    },
    cost: sum((u) => u.cost.total),
  };
}

const userTexts = (body: { messages: { role: string; content: unknown }[] }) =>
  body.messages.filter((m) => m.role === "user").map((m) => JSON.stringify(m.content));

describe.each(["tools", "tree"])("pi 0.86 fixture %s", (name) => {
  it("loads the active path, state and stats pi reports", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture(name, t.env.sessionDir, t.env.project, CURRENT_FIXTURES);
    const o = oracle(name, CURRENT_FIXTURES);
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
      // pi 0.86 totals get_session_stats over every entry in the file (off-path, compacted-away
      // and usage entries too); 0.73.1 and pi-kernel count the active path. Both agree on the
      // context usage; the counts are checked against the active path pi reports (README).
      const stats = a.sessions.stats();
      expect(stats.sessionId).toBe(o.stats.sessionId);
      const expectedUsage = o.stats.contextUsage as { tokens: number; contextWindow: number; percent: number };
      expect(stats.contextUsage?.tokens).toBe(expectedUsage.tokens);
      expect(stats.contextUsage?.contextWindow).toBe(expectedUsage.contextWindow);
      expect(stats.contextUsage?.percent).toBeCloseTo(expectedUsage.percent, 6);
      const path = activePathStats(o.messages as Msg[]);
      const { cost, ...counts } = path;
      const { cost: gotCost, contextUsage: _u, sessionId: _s, ...gotCounts } = stats;
      expect(gotCounts).toEqual(counts);
      expect(gotCost).toBeCloseTo(cost, 9);
    } finally {
      await a.stop();
    }
  });

  it("continues from pi's leaf, without off-path messages, in pi's entry format", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture(name, t.env.sessionDir, t.env.project, CURRENT_FIXTURES);
    const before = readEntries(file).length;
    const o = oracle(name, CURRENT_FIXTURES);
    const a = await startAgent(t.env, { session: file });
    t.sim.script({ text: "continued" });
    const start = t.sim.requests.length;
    try {
      await a.api.actions.prompt("carry on");
    } finally {
      await a.stop();
    }
    const body = t.sim.requests[start].body;
    // pi's recorded system messages stay out of the request (only our own prompt may lead it).
    const roles = (body.messages as { role: string }[]).map((m) => m.role);
    expect(roles.slice(1).filter((r) => r === "system" || r === "developer")).toEqual([]);
    expect(roles).toContain("assistant");
    const texts = userTexts(body).join("\n");
    for (const off of o.offPathUserTexts) expect(texts).not.toContain(off);
    // The resumed conversation is intact: every user message on pi's active path reaches the model.
    for (const m of o.messages as { role: string; content: string | { type: string; text?: string }[] }[]) {
      if (m.role !== "user") continue;
      const text = typeof m.content === "string" ? m.content : m.content.map((c) => c.text ?? "").join("");
      expect(texts).toContain(JSON.stringify(text).slice(1, -1));
    }
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
