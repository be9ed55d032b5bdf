import { describe, expect, it } from "vitest";
import type { ToolResultMessage } from "../../kernel/index.js";
import { lastAssistant, startKernel, toolPlugin } from "./harness.js";

const toolResults = (messages: readonly unknown[]) =>
  (messages as { role: string }[]).filter((m) => m.role === "toolResult") as ToolResultMessage[];

describe("agent loop", () => {
  it("streams an answer and emits pi's event sequence", async () => {
    const h = await startKernel();
    // The harness model has no reasoning: selecting it clamps the default level to "off".
    expect(h.events.map((e) => e.type)).toEqual(["model_select", "thinking_level_select"]);
    expect(h.kernel.agent.thinkingLevel).toBe("off");
    h.events.length = 0;
    h.sim.push({ text: "hello there" });
    await h.kernel.actions.prompt("hi");
    expect(lastAssistant(h)?.content).toEqual([{ type: "text", text: "hello there" }]);
    const types = h.types().filter((t) => t !== "message_update");
    expect(types).toEqual([
      "agent_start",
      "turn_start",
      "message_start",
      "message_end",
      "message_start",
      "message_end",
      "turn_end",
      "agent_end",
      "agent_settled",
    ]);
    expect(h.types()).toContain("message_update");
  });

  it("runs a tool call, feeds the result back and answers", async () => {
    const h = await startKernel([toolPlugin("echo")]);
    h.sim.push({ toolCalls: [{ name: "echo", arguments: { value: "x" } }] }, { text: "done" });
    await h.kernel.actions.prompt("go");
    expect(toolResults(h.kernel.agent.messages)[0].content).toEqual([{ type: "text", text: "echo(x)" }]);
    expect(h.sim.requests[1].messages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult"]);
    expect(h.sim.requests[0].tools.map((t) => t.name)).toEqual(["echo"]);
    expect(h.types()).toEqual(expect.arrayContaining(["tool_execution_start", "tool_execution_end"]));
    expect(lastAssistant(h)?.stopReason).toBe("stop");
  });

  it("sends validation errors back to the model with path, problem and received value", async () => {
    const h = await startKernel([toolPlugin("echo")]);
    h.sim.push({ toolCalls: [{ name: "echo", arguments: { value: 42, count: "many" } }] }, { text: "ok" });
    await h.kernel.actions.prompt("go");
    const result = toolResults(h.kernel.agent.messages)[0];
    expect(result.isError).toBe(true);
    const text = (result.content[0] as { text: string }).text;
    expect(text).toContain("count: must be number");
    expect(text).toContain('received: "many"');
    expect(h.sim.requests).toHaveLength(2);
  });

  it("reports an unknown tool to the model", async () => {
    const h = await startKernel([toolPlugin("echo")]);
    h.sim.push({ toolCalls: [{ name: "nope", arguments: {} }] }, { text: "ok" });
    await h.kernel.actions.prompt("go");
    expect((toolResults(h.kernel.agent.messages)[0].content[0] as { text: string }).text).toMatch(
      /Tool "nope" not found. Available tools: echo/,
    );
  });

  it("turns a thrown tool error into an isError result", async () => {
    const h = await startKernel([toolPlugin("bad", { fail: "disk on fire" })]);
    h.sim.push({ toolCalls: [{ name: "bad", arguments: { value: "a" } }] }, { text: "ok" });
    await h.kernel.actions.prompt("go");
    const r = toolResults(h.kernel.agent.messages)[0];
    expect(r.isError).toBe(true);
    expect(r.content).toEqual([{ type: "text", text: "disk on fire" }]);
  });

  it("runs tools in parallel by default and sequentially when a tool asks", async () => {
    const log: string[] = [];
    const h = await startKernel([toolPlugin("slow", { delayMs: 300, log }), toolPlugin("fast", { delayMs: 5, log })]);
    h.sim.push(
      {
        toolCalls: [
          { name: "slow", arguments: { value: "1" } },
          { name: "fast", arguments: { value: "2" } },
        ],
      },
      { text: "ok" },
    );
    await h.kernel.actions.prompt("go");
    expect(log).toEqual(["start:slow:1", "start:fast:2", "end:fast:2", "end:slow:1"]);
    // Results keep the order of the calls, not of completion.
    expect(toolResults(h.kernel.agent.messages).map((r) => r.toolName)).toEqual(["slow", "fast"]);

    const seqLog: string[] = [];
    const s = await startKernel([
      toolPlugin("slow", { delayMs: 300, log: seqLog, mode: "sequential" }),
      toolPlugin("fast", { delayMs: 5, log: seqLog }),
    ]);
    s.sim.push(
      {
        toolCalls: [
          { name: "slow", arguments: { value: "1" } },
          { name: "fast", arguments: { value: "2" } },
        ],
      },
      { text: "ok" },
    );
    await s.kernel.actions.prompt("go");
    expect(seqLog).toEqual(["start:slow:1", "end:slow:1", "start:fast:2", "end:fast:2"]);
  });

  it("ends the run without another LLM call when every result terminates", async () => {
    const h = await startKernel([toolPlugin("final", { terminate: true })]);
    h.sim.push({ toolCalls: [{ name: "final", arguments: { value: "x" } }] }, { text: "never" });
    await h.kernel.actions.prompt("go");
    expect(h.sim.requests).toHaveLength(1);
    expect(h.kernel.agent.messages.at(-1)?.role).toBe("toolResult");
    expect(h.types().slice(-2)).toEqual(["agent_end", "agent_settled"]);
  });

  it("checks steering after each sequential tool and skips the rest of the batch", async () => {
    const log: string[] = [];
    const h = await startKernel([toolPlugin("step", { delayMs: 30, log, mode: "sequential" })]);
    h.sim.push(
      {
        toolCalls: [
          { name: "step", arguments: { value: "1" } },
          { name: "step", arguments: { value: "2" } },
          { name: "step", arguments: { value: "3" } },
        ],
      },
      { text: "steered" },
    );
    const run = h.kernel.actions.prompt("go");
    while (!log.includes("start:step:1")) await new Promise((r) => setTimeout(r, 2));
    h.kernel.actions.steer("stop, do something else");
    await run;
    expect(log).toEqual(["start:step:1", "end:step:1"]);
    const results = toolResults(h.kernel.agent.messages);
    expect(results.map((r) => r.isError)).toEqual([false, true, true]);
    expect((results[1].content[0] as { text: string }).text).toMatch(/Skipped/);
    // The steering message reaches the model in the very next request, after the tool results.
    const next = h.sim.requests[1].messages;
    expect(next.at(-1)).toMatchObject({ role: "user", content: [{ type: "text", text: "stop, do something else" }] });
  });

  it("delivers follow-ups only when the agent would stop, one at a time or all", async () => {
    const h = await startKernel();
    h.sim.push({ text: "first", chunkDelayMs: 10 }, { text: "second" }, { text: "third" });
    const run = h.kernel.actions.prompt("one");
    h.kernel.actions.followUp("two");
    h.kernel.actions.followUp("three");
    await run;
    expect(h.sim.requests).toHaveLength(3);
    expect(h.sim.requests[1].messages.at(-1)).toMatchObject({ content: [{ type: "text", text: "two" }] });
    expect(h.sim.requests[2].messages.at(-1)).toMatchObject({ content: [{ type: "text", text: "three" }] });
    expect(h.types().filter((t) => t === "agent_end")).toHaveLength(1);

    const all = await startKernel();
    all.kernel.actions.setQueueModes({ followUp: "all" });
    all.sim.push({ text: "first", chunkDelayMs: 10 }, { text: "both" });
    const run2 = all.kernel.actions.prompt("one");
    all.kernel.actions.followUp("two");
    all.kernel.actions.followUp("three");
    await run2;
    expect(all.sim.requests).toHaveLength(2);
    expect(all.sim.requests[1].messages.slice(-2).map((m) => m.content)).toEqual([
      [{ type: "text", text: "two" }],
      [{ type: "text", text: "three" }],
    ]);
    expect(all.events.filter((e) => e.type === "queue_update").length).toBeGreaterThan(0);
  });

  it("aborts mid-stream, keeping the partial text", async () => {
    const h = await startKernel();
    h.sim.push({ text: "one two three four five six seven eight", chunkDelayMs: 15 });
    const run = h.kernel.actions.prompt("go");
    while (!h.events.some((e) => (e as { assistantMessageEvent?: { type: string } }).assistantMessageEvent?.type === "text_delta"))
      await new Promise((r) => setTimeout(r, 2));
    h.kernel.actions.abort();
    await run;
    const msg = lastAssistant(h)!;
    expect(msg.stopReason).toBe("aborted");
    const text = (msg.content[0] as { text: string }).text;
    expect(text.length).toBeGreaterThan(0);
    expect(text.length).toBeLessThan("one two three four five six seven eight".length);
    expect(h.kernel.agent.isStreaming).toBe(false);
  });

  it("aborts mid-tool: the tool sees the signal and no further request is made", async () => {
    const log: string[] = [];
    const h = await startKernel([toolPlugin("wait", { delayMs: 5_000, log })]);
    h.sim.push({ toolCalls: [{ name: "wait", arguments: { value: "x" } }] }, { text: "never" });
    const run = h.kernel.actions.prompt("go");
    while (!log.includes("start:wait:x")) await new Promise((r) => setTimeout(r, 2));
    const t0 = Date.now();
    h.kernel.actions.abort();
    await run;
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(toolResults(h.kernel.agent.messages)[0]).toMatchObject({ isError: true });
    expect(lastAssistant(h)?.stopReason).toBe("aborted");
    expect(h.sim.requests).toHaveLength(1);
  });

  it("never throws: provider failures and a missing model become error messages", async () => {
    const h = await startKernel();
    h.sim.push({ throwError: "socket exploded" });
    await expect(h.kernel.actions.prompt("go")).resolves.toBeUndefined();
    expect(lastAssistant(h)).toMatchObject({ stopReason: "error", errorMessage: "socket exploded" });

    const none = await startKernel();
    none.kernel.actions.setModel(undefined as never);
    await none.kernel.actions.prompt("go");
    expect(lastAssistant(none)?.errorMessage).toMatch(/No model selected/);

    const noProvider = await startKernel();
    noProvider.kernel.actions.setModel({ ...noProvider.sim.model, api: "martian" });
    await noProvider.kernel.actions.prompt("go");
    expect(lastAssistant(noProvider)?.errorMessage).toMatch(/No provider plugin handles api "martian"/);
  });

  it("refuses a second prompt while running", async () => {
    const h = await startKernel();
    h.sim.push({ text: "slow answer here", chunkDelayMs: 10 });
    const run = h.kernel.actions.prompt("one");
    await expect(h.kernel.actions.prompt("two")).rejects.toThrow(/already processing/);
    await run;
  });

  it("limits the model to the active tools", async () => {
    const h = await startKernel([toolPlugin("a"), toolPlugin("b")]);
    h.kernel.actions.setActiveTools(["b"]);
    h.sim.push({ toolCalls: [{ name: "a", arguments: { value: "x" } }] }, { text: "ok" });
    await h.kernel.actions.prompt("go");
    expect(h.sim.requests[0].tools.map((t) => t.name)).toEqual(["b"]);
    expect(toolResults(h.kernel.agent.messages)[0].isError).toBe(true);
    expect(h.kernel.agent.activeToolNames()).toEqual(["b"]);
  });
});
