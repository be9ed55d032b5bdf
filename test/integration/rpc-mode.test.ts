import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProject } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";
import { RpcProcess } from "../support/rpc-process.js";

describe("pi --mode rpc (spawned CLI)", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  const start = (setup?: (root: string) => string[] | void) => {
    const { project, agentDir, root } = makeProject(sim.url);
    const extra = setup?.(root) ?? [];
    return new RpcProcess(["--provider", "sim", "--model", "sim-model", ...extra], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
  };

  it("runs a prompt with a tool call and answers state, messages and text queries", async () => {
    const rpc = start();
    sim.script({ toolCalls: [{ name: "read", arguments: { path: "src/app.js" } }] }, { text: "It greets the world." });
    const accepted = await rpc.call({ type: "prompt", message: "what does app.js do?" });
    expect(accepted).toMatchObject({ type: "response", command: "prompt", success: true });
    expect(accepted.data).toBeUndefined();
    await rpc.waitFor((r) => r.type === "agent_end");
    for (const t of [
      "agent_start",
      "turn_start",
      "message_start",
      "message_update",
      "message_end",
      "tool_execution_start",
      "tool_execution_end",
      "turn_end",
    ]) {
      expect(rpc.events(t).length, t).toBeGreaterThan(0);
    }
    expect(rpc.records.filter((r) => r.type !== "response").every((r) => r.id === undefined)).toBe(true);

    const state = await rpc.call({ type: "get_state" });
    expect(state.data).toMatchObject({
      model: { id: "sim-model", provider: "sim" },
      thinkingLevel: expect.any(String),
      isStreaming: false,
      isCompacting: false,
      steeringMode: "one-at-a-time",
      followUpMode: "one-at-a-time",
      sessionId: expect.any(String),
      messageCount: 4,
      pendingMessageCount: 0,
    });
    expect((await rpc.call({ type: "get_last_assistant_text" })).data).toEqual({ text: "It greets the world." });
    const messages = (await rpc.call({ type: "get_messages" })).data.messages;
    expect(messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
    const stats = (await rpc.call({ type: "get_session_stats" })).data;
    expect(stats).toMatchObject({ userMessages: 1, assistantMessages: 2, toolCalls: 1, toolResults: 1, totalMessages: 4 });
    expect(await rpc.close()).toBe(0);
  });

  it("answers malformed input with errors and keeps serving", async () => {
    const rpc = start();
    rpc.writeLine("{not json");
    expect(await rpc.waitFor((r) => r.command === "parse")).toMatchObject({
      type: "response",
      success: false,
      error: expect.stringMatching(/Failed to parse command/),
    });
    expect(await rpc.call({ type: "fly_to_the_moon" })).toMatchObject({
      success: false,
      command: "fly_to_the_moon",
      error: "Unknown command: fly_to_the_moon",
    });
    expect(await rpc.call({ type: "set_model", provider: "sim" })).toMatchObject({
      success: false,
      error: expect.stringMatching(/modelId/),
    });
    expect(await rpc.call({ type: "set_steering_mode", mode: "sometimes" })).toMatchObject({
      success: false,
      error: expect.stringMatching(/one of all, one-at-a-time/),
    });
    expect(await rpc.call({ type: "prompt" })).toMatchObject({ success: false, error: expect.stringMatching(/message/) });
    // A 10 MB line is parsed like any other (here: an unknown command) and the process lives on.
    rpc.writeLine(JSON.stringify({ id: "big", type: "huge", payload: "x".repeat(10 * 1024 * 1024) }));
    expect(await rpc.waitFor((r) => r.id === "big")).toMatchObject({ success: false, error: "Unknown command: huge" });
    // CRLF framing, and U+2028 inside a string is not a line break.
    rpc.child.stdin!.write(`${JSON.stringify({ id: "crlf", type: "get_state" })}\r\n`);
    expect(await rpc.waitFor((r) => r.id === "crlf")).toMatchObject({ success: true });
    rpc.writeLine(JSON.stringify({ id: "sep", type: "set_steering_mode", mode: "all\u2028" }));
    expect(await rpc.waitFor((r) => r.id === "sep")).toMatchObject({ success: false });
    expect((await rpc.call({ type: "get_state" })).success).toBe(true);
    expect(await rpc.close()).toBe(0);
  });

  it("switches model and thinking level, and queue modes", async () => {
    const rpc = start((root) => {
      const models = JSON.parse(readFileSync(join(root, "agent", "models.json"), "utf8"));
      models.providers.sim.models.push({ id: "sim-thinker", reasoning: true });
      writeFileSync(join(root, "agent", "models.json"), JSON.stringify(models));
    });
    const available = (await rpc.call({ type: "get_available_models" })).data.models.map((m: { id: string }) => m.id);
    expect(available).toEqual(expect.arrayContaining(["sim-model", "sim-thinker"]));
    expect((await rpc.call({ type: "set_model", provider: "sim", modelId: "sim-thinker" })).data).toMatchObject({
      id: "sim-thinker",
      reasoning: true,
    });
    expect((await rpc.call({ type: "get_available_thinking_levels" })).data.levels).toEqual(["off", "minimal", "low", "medium", "high"]);
    expect(await rpc.call({ type: "set_thinking_level", level: "xhigh" })).toMatchObject({ success: true });
    expect((await rpc.call({ type: "get_state" })).data.thinkingLevel).toBe("high");
    const cycled = await rpc.call({ type: "cycle_thinking_level" });
    expect(cycled.data).toEqual({ level: "off" });
    expect(rpc.events("thinking_level_changed").map((e) => e.level)).toEqual(["high", "off"]);
    expect((await rpc.call({ type: "set_model", provider: "sim", modelId: "nope" })).error).toBe("Model not found: sim/nope");
    await rpc.call({ type: "set_follow_up_mode", mode: "all" });
    expect((await rpc.call({ type: "get_state" })).data.followUpMode).toBe("all");
    await rpc.close();
  });

  it("expands a prompt template in a steering message and refuses to queue an extension command", async () => {
    const rpc = start((root) => {
      const project = join(root, "project");
      mkdirSync(join(project, ".pi", "prompts"), { recursive: true });
      writeFileSync(join(project, ".pi", "prompts", "focus.md"), "Focus only on $1, nothing else.");
      const ext = join(root, "ext.mjs");
      writeFileSync(ext, "export default (pi) => pi.registerCommand('ship', { handler: async () => {} });");
      return ["-e", ext];
    });
    sim.script({ text: "one two three four five six seven eight", chunkSize: 4, delayMs: 40 }, { text: "focused" });
    const start0 = sim.requests.length;
    await rpc.call({ type: "prompt", message: "count slowly" });
    await rpc.waitFor((r) => r.type === "message_update");
    expect(await rpc.call({ type: "follow_up", message: "/ship now" })).toMatchObject({
      success: false,
      error: expect.stringMatching(/"\/ship" cannot be queued/),
    });
    expect(await rpc.call({ type: "steer", message: "/focus tests" })).toMatchObject({ success: true });
    await rpc.waitFor((r) => r.type === "agent_end");
    const sent = JSON.stringify(sim.requests[start0 + 1].body.messages);
    expect(sent).toContain("Focus only on tests, nothing else.");
    expect(sent).not.toContain("/focus");
    await rpc.close();
  });

  it("steers a running prompt and aborts", async () => {
    const rpc = start();
    sim.script({ text: "one two three four five six seven eight nine ten", chunkSize: 4, delayMs: 30 }, { text: "steered answer" });
    await rpc.call({ type: "prompt", message: "count slowly" });
    await rpc.waitFor((r) => r.type === "message_update");
    expect(await rpc.call({ type: "prompt", message: "no behaviour" })).toMatchObject({
      success: false,
      error: expect.stringMatching(/already processing/),
    });
    expect(await rpc.call({ type: "prompt", message: "actually stop", streamingBehavior: "steer" })).toMatchObject({ success: true });
    await rpc.waitFor((r) => r.type === "agent_end");
    expect(sim.remaining).toBe(0);
    const last = (await rpc.call({ type: "get_last_assistant_text" })).data.text;
    expect(last).toBe("steered answer");

    sim.script({ text: "a b c d e f g h i j k l m n o p", chunkSize: 2, delayMs: 40 });
    const mark = rpc.records.length;
    await rpc.call({ type: "prompt", message: "long" });
    await rpc.waitFor((r) => r.type === "message_update" && r.assistantMessageEvent?.type === "text_delta", mark);
    expect(await rpc.call({ type: "abort" })).toMatchObject({ success: true });
    const ends = rpc
      .events("message_end")
      .map((e) => e.message)
      .filter((m) => m.role === "assistant");
    expect(ends.at(-1).stopReason).toBe("aborted");
    expect(ends.at(-1).content[0].text.length).toBeGreaterThan(0);
    expect(sim.remaining).toBe(0);
    await rpc.close();
  });

  it("speaks the extension UI sub-protocol for plugins that ask the user", async () => {
    const rpc = start((root) => {
      const file = join(root, "ask.ts");
      writeFileSync(
        file,
        `import { definePlugin, Type } from "pi-kernel";
export default definePlugin({ name: "asker", setup(api) {
  api.register.tool({ name: "ask", description: "asks the user", parameters: Type.Object({}),
    async execute() {
      const ui: any = api.current().services.use("ui");
      const choice = await ui.select("Pick one", ["red", "blue"]);
      const ok = await ui.confirm("Sure?", "really", { timeout: 50 });
      ui.notify("thanks", "info");
      return { content: [{ type: "text", text: "picked " + choice + " confirmed " + ok }] };
    } });
} });`,
      );
      return ["-e", file];
    });
    sim.script({ toolCalls: [{ name: "ask", arguments: {} }] }, { text: "done" });
    await rpc.call({ type: "prompt", message: "ask me" });
    const select = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "select");
    expect(select).toMatchObject({ title: "Pick one", options: ["red", "blue"], id: expect.any(String) });
    rpc.writeLine(JSON.stringify({ type: "extension_ui_response", id: select.id, value: "blue" }));
    const confirm = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "confirm");
    expect(confirm).toMatchObject({ title: "Sure?", message: "really", timeout: 50 });
    await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "notify" && r.message === "thanks");
    const end = await rpc.waitFor((r) => r.type === "tool_execution_end");
    expect(end.result.content[0].text).toBe("picked blue confirmed false");
    await rpc.waitFor((r) => r.type === "agent_end");
    await rpc.close();
  });
});

describe("pi --mode rpc: shell, sessions and compaction commands", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  it("bash runs a user command whose output reaches the model on the next prompt", async () => {
    const { project, agentDir } = makeProject(sim.url);
    const rpc = new RpcProcess(["--provider", "sim", "--model", "sim-model"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    const result = await rpc.call({ type: "bash", command: "echo from-the-user; exit 3" });
    expect(result.data).toMatchObject({ output: "from-the-user", exitCode: 3, cancelled: false, truncated: false });
    const slow = rpc.call({ type: "bash", command: "sleep 20" });
    await new Promise((r) => setTimeout(r, 200));
    expect(await rpc.call({ type: "abort_bash" })).toMatchObject({ success: true });
    expect((await slow).data).toMatchObject({ cancelled: true });
    sim.script({ text: "noted" });
    const start = sim.requests.length;
    await rpc.call({ type: "prompt", message: "what did I run?" });
    await rpc.waitFor((r) => r.type === "agent_end");
    const sent = sim.requests[start].body.messages.map((m: { content: unknown }) => JSON.stringify(m.content)).join("\n");
    expect(sent).toContain("Ran `echo from-the-user; exit 3`");
    expect(sent).toContain("Command exited with code 3");
    await rpc.close();
  });

  it("names, lists fork points, forks, clones and starts new sessions", async () => {
    const { project, agentDir } = makeProject(sim.url);
    const rpc = new RpcProcess(["--provider", "sim", "--model", "sim-model"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    sim.script({ text: "first answer" }, { text: "second answer" });
    await rpc.call({ type: "prompt", message: "first question" });
    await rpc.waitFor((r) => r.type === "agent_end");
    const mark = rpc.records.length;
    await rpc.call({ type: "prompt", message: "second question" });
    await rpc.waitFor((r) => r.type === "agent_end", mark);
    expect(await rpc.call({ type: "set_session_name", name: "  " })).toMatchObject({ success: false });
    await rpc.call({ type: "set_session_name", name: "my work" });
    const state = (await rpc.call({ type: "get_state" })).data;
    expect(state.sessionName).toBe("my work");
    expect(state.sessionFile).toMatch(/\.jsonl$/);
    const forkable = (await rpc.call({ type: "get_fork_messages" })).data.messages;
    expect(forkable.map((m: { text: string }) => m.text)).toEqual(["first question", "second question"]);
    const forked = await rpc.call({ type: "fork", entryId: forkable[1].entryId });
    expect(forked.data).toEqual({ text: "second question", cancelled: false });
    const after = (await rpc.call({ type: "get_state" })).data;
    expect(after.sessionFile).not.toBe(state.sessionFile);
    expect((await rpc.call({ type: "get_messages" })).data.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"]);
    expect((await rpc.call({ type: "clone" })).data).toEqual({ cancelled: false });
    expect((await rpc.call({ type: "new_session" })).data).toEqual({ cancelled: false });
    expect((await rpc.call({ type: "get_state" })).data.messageCount).toBe(0);
    await rpc.close();
  });
});

describe("pi --mode rpc: the remaining commands", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  it("get_commands, cycle_model, switches, export_html and switch_session", async () => {
    const { project, agentDir } = makeProject(sim.url);
    const { mkdirSync } = await import("node:fs");
    mkdirSync(join(project, ".pi", "prompts"), { recursive: true });
    writeFileSync(join(project, ".pi", "prompts", "review.md"), "---\ndescription: Review the code\n---\nReview $1 carefully.");
    const models = JSON.parse(readFileSync(join(agentDir, "models.json"), "utf8"));
    models.providers.sim.models.push({ id: "sim-second" }, { id: "sim-third" });
    writeFileSync(join(agentDir, "models.json"), JSON.stringify(models));
    const rpc = new RpcProcess(["--provider", "sim", "--model", "sim-model", "--models", "sim/*"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });

    const commands = (await rpc.call({ type: "get_commands" })).data.commands;
    expect(commands).toContainEqual(expect.objectContaining({ name: "review", description: "Review the code", source: "prompt" }));
    expect(commands.every((c: { source: string }) => ["extension", "prompt", "skill"].includes(c.source))).toBe(true);

    const cycled = (await rpc.call({ type: "cycle_model" })).data;
    expect(cycled).toMatchObject({ model: { id: "sim-second" }, isScoped: true });
    expect((await rpc.call({ type: "get_state" })).data.model.id).toBe("sim-second");
    // direction "backward" (ours, for Shift+Ctrl+P in `pi attach`): back to the first, not on to the third.
    expect((await rpc.call({ type: "cycle_model", direction: "backward" })).data).toMatchObject({ model: { id: "sim-model" } });

    expect(await rpc.call({ type: "set_auto_compaction", enabled: false })).toMatchObject({ success: true });
    expect((await rpc.call({ type: "get_state" })).data.autoCompactionEnabled).toBe(false);
    expect(await rpc.call({ type: "set_auto_compaction", enabled: "yes" })).toMatchObject({ success: false });
    expect(await rpc.call({ type: "set_auto_retry", enabled: false })).toMatchObject({ success: true });
    expect(await rpc.call({ type: "abort_retry" })).toMatchObject({ success: true });

    sim.script({ text: "an answer worth keeping" });
    await rpc.call({ type: "prompt", message: "say something" });
    await rpc.waitFor((r) => r.type === "agent_end");
    const first = (await rpc.call({ type: "get_state" })).data.sessionFile;
    const exported = (await rpc.call({ type: "export_html", outputPath: join(project, "out.html") })).data;
    expect(exported.path).toBe(join(project, "out.html"));
    expect(readFileSync(exported.path, "utf8")).toContain("an answer worth keeping");

    await rpc.call({ type: "new_session" });
    expect((await rpc.call({ type: "get_state" })).data.messageCount).toBe(0);
    expect((await rpc.call({ type: "switch_session", sessionPath: first })).data).toEqual({ cancelled: false });
    const back = (await rpc.call({ type: "get_state" })).data;
    expect(back.sessionFile).toBe(first);
    expect(back.messageCount).toBe(2);
    await rpc.close();
  });
});
