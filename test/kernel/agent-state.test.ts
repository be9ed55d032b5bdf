// The agent's state as pi's AgentSession keeps it: the thinking level clamped to the model,
// agent_settled once a run is over, a user's prompt stored as pi stores it, and a tool registered
// while the request is prepared (pi's before_agent_start) already in that request.
import { describe, expect, it } from "vitest";
import { definePlugin, Type, type Model, type ToolDef } from "../../kernel/index.js";
import { startKernel } from "./harness.js";

describe("agent state", () => {
  it("clamps the thinking level to the model, and re-clamps when the model changes", async () => {
    const h = await startKernel();
    const plain = h.kernel.agent.model!;
    expect(h.kernel.agent.thinkingLevel).toBe("off");
    h.kernel.actions.setThinkingLevel("high");
    expect(h.kernel.agent.thinkingLevel).toBe("off");
    const reasoning: Model = { ...plain, id: "thinker", reasoning: true };
    h.kernel.actions.setModel(reasoning);
    // As pi 0.86: the level carried over ("off") is kept; the caller sets a preferred one.
    expect(h.kernel.agent.thinkingLevel).toBe("off");
    h.kernel.actions.setThinkingLevel("xhigh");
    expect(h.kernel.agent.thinkingLevel).toBe("high");
    h.kernel.actions.setModel({ ...reasoning, id: "deep", thinkingLevelMap: { xhigh: "max", minimal: null } });
    h.kernel.actions.setThinkingLevel("xhigh");
    expect(h.kernel.agent.thinkingLevel).toBe("xhigh");
    h.kernel.actions.setThinkingLevel("minimal");
    expect(h.kernel.agent.thinkingLevel).toBe("low");
    h.events.length = 0;
    h.kernel.actions.setModel(plain);
    expect(h.kernel.agent.thinkingLevel).toBe("off");
    expect(h.events.map((e) => e.type)).toEqual(["model_select", "thinking_level_select"]);
    h.kernel.actions.setThinkingLevel("low");
    expect(h.events).toHaveLength(2);
  });

  it("emits agent_settled after agent_end, when the agent is idle", async () => {
    const h = await startKernel();
    const seen: { type: string; streaming: boolean }[] = [];
    h.kernel.host.current.hooks.event.tap("probe", (e) => {
      if (e.type === "agent_end" || e.type === "agent_settled") seen.push({ type: e.type, streaming: h.kernel.agent.isStreaming });
    });
    h.sim.push({ text: "hi" });
    await h.kernel.actions.prompt("hello");
    expect(seen).toEqual([
      { type: "agent_end", streaming: true },
      { type: "agent_settled", streaming: false },
    ]);
  });

  it("stores a typed prompt as [{type: text}] plus its images", async () => {
    const h = await startKernel();
    h.sim.push({ text: "a" }, { text: "b" });
    await h.kernel.actions.prompt("plain");
    const image = { type: "image" as const, data: "aGk=", mimeType: "image/png" };
    await h.kernel.actions.prompt("with image", { images: [image] });
    const users = h.kernel.agent.messages.filter((m) => m.role === "user");
    expect(users.map((m) => (m as { content: unknown }).content)).toEqual([
      [{ type: "text", text: "plain" }],
      [{ type: "text", text: "with image" }, image],
    ]);
  });

  it("a tool registered while the first request is prepared is in that request", async () => {
    const late: ToolDef = {
      name: "late",
      description: "registered at the first system prompt",
      parameters: Type.Object({}),
      execute: async () => ({ content: [{ type: "text", text: "late ok" }] }),
    };
    let registered = false;
    const plugin = definePlugin({
      name: "late-tools",
      setup(api) {
        api.on("systemPrompt", (prompt) => {
          if (!registered) api.register.tool(late);
          registered = true;
          return prompt;
        });
      },
    });
    const h = await startKernel([plugin]);
    h.sim.push({ toolCalls: [{ name: "late", arguments: {} }] }, { text: "done" });
    await h.kernel.actions.prompt("go");
    expect(h.sim.requests[0].tools.map((t) => t.name)).toContain("late");
    const result = h.kernel.agent.messages.find((m) => m.role === "toolResult") as { isError: boolean; content: unknown };
    expect(result).toMatchObject({ isError: false, content: [{ type: "text", text: "late ok" }] });
  });

  it("tells the caller when a prompt is taken: before the run starts, or once a command handled it", async () => {
    const order: string[] = [];
    const claim = definePlugin({
      name: "claim",
      setup(api) {
        api.on("input", (e) => (e.text === "/mine" ? (order.push("command ran"), { action: "handled" as const }) : undefined));
        api.on("event", (e) => void (e.type === "agent_start" && order.push("agent_start")));
      },
    });
    const h = await startKernel([claim]);
    await h.kernel.actions.prompt("/mine", { onAccepted: () => order.push("accepted") });
    h.sim.push({ text: "x" });
    await h.kernel.actions.prompt("run", { onAccepted: () => order.push("accepted") });
    expect(order).toEqual(["command ran", "accepted", "accepted", "agent_start"]);
  });
});
