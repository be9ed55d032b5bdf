// `pi --mode acp` spawned for real and driven by the ACP SDK's own client (test/fixtures/acp):
// the read → edit → bash scenario against the simulator with the client's fs, cancel mid-stream,
// session/load in a fresh process, and permission questions answered both ways.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANSWER, makeProject, scenarioTurns, writeTwoModels } from "../support/scenario.mjs";
import { type Simulator, startSimulator } from "../support/simulator/index.mjs";
import { AcpClient } from "../fixtures/acp/client.js";

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "acp");
const BIN = resolve("node_modules/.bin");
const text = (t: string) => ({ type: "text" as const, text: t });

describe("pi --mode acp (spawned CLI, SDK client)", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  const start = (extra: string[] = [], project?: ReturnType<typeof makeProject>) => {
    const p = project ?? makeProject(sim.url);
    const client = new AcpClient(["--provider", "sim", "--model", "sim-model", ...extra], {
      cwd: p.project,
      env: { PI_CODING_AGENT_DIR: p.agentDir },
    });
    return { client, ...p };
  };

  it("initializes, starts a session and runs read → edit → bash through the client's fs, then loads it in a fresh process", async () => {
    const { client, project, agentDir, root } = start(["-e", join(FIXTURES, "chatty")]);
    const app = join(project, "src", "app.js");
    // The editor holds an unsaved change: the agent must see it, not the disk.
    client.buffers.set(app, 'const greeting = "hello";\nconsole.log(greeting + ", world!!");\n');
    const init = await client.initialize({ fs: { readTextFile: true, writeTextFile: true } });
    expect(init).toMatchObject({
      protocolVersion: 1,
      agentCapabilities: {
        loadSession: true,
        promptCapabilities: { image: true, embeddedContext: true },
        mcpCapabilities: { http: true },
      },
      authMethods: [],
      agentInfo: { name: "pi-kernel" },
    });
    const session = await client.agent.request("session/new", { cwd: project, mcpServers: [] });
    expect(session.sessionId).toEqual(expect.any(String));
    const model = session.configOptions?.find((o) => o.id === "model");
    expect(model).toMatchObject({ category: "model", currentValue: "sim/sim-model" });

    const [first, edit, bash, answer] = scenarioTurns();
    const notes = join(project, "CHANGES.md");
    const write = { toolCalls: [{ name: "write", arguments: { path: "CHANGES.md", content: "Says goodbye now.\n" } }] };
    sim.script({ ...first, thinking: "The file decides." }, edit!, bash!, write, answer!);
    const response = await client.prompt(session.sessionId, [
      text("Make it say goodbye."),
      { type: "resource", resource: { uri: `file://${join(project, "NOTES.md")}`, text: "Be brief." } },
    ]);
    expect(response.stopReason).toBe("end_turn");

    // The prompt's embedded resource reached the model as pi inlines a file.
    expect(JSON.stringify(sim.requests.at(-5)?.body)).toContain(`<file name=\\"${join(project, "NOTES.md")}\\">\\nBe brief.\\n</file>`);
    expect(
      client
        .of("agent_thought_chunk")
        .map((u) => (u.content.type === "text" ? u.content.text : ""))
        .join(""),
    ).toBe("The file decides.");
    expect(client.said()).toBe(`Let me look at the file.${ANSWER}`);

    const calls = client.of("tool_call");
    expect(calls.map((c) => [c.kind, c.status])).toEqual([
      ["read", "pending"],
      ["edit", "pending"],
      ["execute", "pending"],
      ["edit", "pending"],
    ]);
    expect(calls[0]).toMatchObject({ title: "Read src/app.js", locations: [{ path: app }] });
    expect(calls[2]).toMatchObject({ title: "node src/app.js", rawInput: { command: "node src/app.js" } });
    const updatesOf = (id: string) => client.of("tool_call_update").filter((u) => u.toolCallId === id);
    // bash may stream output while in progress: the statuses, without repeats, go in order.
    for (const call of calls) expect([...new Set(updatesOf(call.toolCallId).map((u) => u.status))]).toEqual(["in_progress", "completed"]);

    // read and edit went through the client: the model saw the unsaved buffer, the edit wrote it.
    expect(client.reads).toContain(app);
    expect(JSON.stringify(sim.requests.at(-4)?.body)).toContain("world!!");
    const edited = 'const greeting = "goodbye";\nconsole.log(greeting + ", world!!");\n';
    expect(client.writes).toEqual([
      { path: app, content: edited },
      { path: notes, content: "Says goodbye now.\n" },
    ]);
    expect(readFileSync(app, "utf8")).toBe(edited);
    const editDone = updatesOf(calls[1]!.toolCallId).at(-1)!;
    expect(editDone.content?.[0]).toEqual({
      type: "diff",
      path: app,
      oldText: 'const greeting = "hello";\nconsole.log(greeting + ", world!!");\n',
      newText: edited,
    });
    const bashDone = updatesOf(calls[2]!.toolCallId).at(-1)!;
    expect(bashDone.content).toEqual([{ type: "content", content: text("goodbye, world!!") }]);
    // A new file: a diff without old text.
    expect(updatesOf(calls[3]!.toolCallId).at(-1)!.content?.[0]).toEqual({
      type: "diff",
      path: notes,
      oldText: null,
      newText: "Says goodbye now.\n",
    });
    expect(readFileSync(notes, "utf8")).toBe("Says goodbye now.\n");

    // Commands, templates and skills are announced.
    const commands = client
      .of("available_commands_update")
      .at(-1)!
      .availableCommands.map((c) => c.name);
    expect(commands).toEqual(expect.arrayContaining(["help", "compact"]));

    // stdout carried JSON-RPC alone; the plugin's writes went to stderr.
    const lines = client.stdout.split("\n").filter(Boolean);
    expect(lines.every((l) => JSON.parse(l).jsonrpc === "2.0")).toBe(true);
    expect(client.stderr).toContain("CHATTY at setup");
    expect(client.stderr).toContain("CHATTY at agent_start");
    expect(await client.close()).toBe(0);

    // A fresh process loads the session: the history is replayed, then the conversation goes on.
    const again = start([], { project, agentDir, root });
    await again.client.initialize();
    const loaded = await again.client.agent.request("session/load", { sessionId: session.sessionId, cwd: project, mcpServers: [] });
    expect(loaded.configOptions?.find((o) => o.id === "model")).toBeDefined();
    const replay = again.client.updates.filter((u) => u.update.sessionUpdate !== "available_commands_update").map((u) => u.update);
    expect(replay[0]).toEqual({
      sessionUpdate: "user_message_chunk",
      content: expect.objectContaining({ text: expect.stringContaining("Make it say goodbye.") }),
    });
    expect(replay.filter((u) => u.sessionUpdate === "tool_call").map((u) => [u.kind, u.status])).toEqual([
      ["read", "completed"],
      ["edit", "completed"],
      ["execute", "completed"],
      ["edit", "completed"],
    ]);
    expect(again.client.said()).toBe(`Let me look at the file.${ANSWER}`);
    sim.script({ text: "Still goodbye." });
    const next = await again.client.prompt(session.sessionId, [text("And now?")]);
    expect(next.stopReason).toBe("end_turn");
    const sent = JSON.stringify(sim.requests.at(-1)?.body);
    expect(sent).toContain("Make it say goodbye.");
    expect(sent).toContain(ANSWER);
    expect(await again.client.close()).toBe(0);
  });

  it("answers a cancelled prompt with `cancelled` while the model is still streaming, and a failed one with an error", async () => {
    const { client, project } = start();
    await client.initialize();
    const { sessionId } = await client.agent.request("session/new", { cwd: project, mcpServers: [] });
    sim.script({
      text: "This answer never finishes because the stream stalls here.",
      chunkSize: 4,
      fault: { kind: "stall", afterChunks: 3 },
    });
    const pending = client.prompt(sessionId, [text("Talk.")]);
    await client.waitFor((u) => u.update.sessionUpdate === "agent_message_chunk");
    await client.agent.notify("session/cancel", { sessionId });
    expect((await pending).stopReason).toBe("cancelled");
    // A failed model request answers the prompt with the provider's error; the session goes on.
    sim.script({ fault: { kind: "status", status: 400, message: "the request was malformed somehow" } });
    await expect(client.prompt(sessionId, [text("Break.")])).rejects.toThrow(/malformed somehow/);
    sim.script({ text: "Back." });
    expect((await client.prompt(sessionId, [text("Again.")])).stopReason).toBe("end_turn");
    expect(client.said()).toContain("Back.");
    expect(await client.close()).toBe(0);
  });

  it("asks session/request_permission when the policy asks, and honours both answers", async () => {
    const { client, project } = start(); // the real permissions plugin, in the default composition
    await client.initialize();
    const session = await client.agent.request("session/new", { cwd: project, mcpServers: [] });
    expect(session.modes).toMatchObject({
      currentModeId: "yolo",
      availableModes: expect.arrayContaining([expect.objectContaining({ id: "ask" })]),
    });
    await client.agent.request("session/set_mode", { sessionId: session.sessionId, modeId: "ask" });
    await client.waitFor((u) => u.update.sessionUpdate === "current_mode_update" && u.update.currentModeId === "ask");
    await expect(client.agent.request("session/set_mode", { sessionId: session.sessionId, modeId: "reckless" })).rejects.toThrow(
      /unknown mode "reckless"/,
    );

    const write = (id: string) => ({ toolCalls: [{ id, name: "bash", arguments: { command: "echo made > made.txt" } }] });
    client.answer = "reject";
    sim.script(write("call_no"), { text: "Not allowed." });
    expect((await client.prompt(session.sessionId, [text("Make a file.")])).stopReason).toBe("end_turn");
    expect(client.permissionRequests).toHaveLength(1);
    expect(client.permissionRequests[0]).toMatchObject({
      sessionId: session.sessionId,
      toolCall: { toolCallId: "call_no", kind: "execute", title: "bash: echo made > made.txt" },
    });
    expect(client.permissionRequests[0]!.options.map((o) => o.kind)).toEqual(["allow_once", "allow_always", "reject_once"]);
    expect(
      client
        .of("tool_call_update")
        .filter((u) => u.toolCallId === "call_no")
        .at(-1)?.status,
    ).toBe("failed");
    expect(() => readFileSync(join(project, "made.txt"))).toThrow();

    client.answer = "allow-once";
    sim.script(write("call_yes"), { text: "Made." });
    await client.prompt(session.sessionId, [text("Make it now.")]);
    expect(client.permissionRequests).toHaveLength(2);
    expect(
      client
        .of("tool_call_update")
        .filter((u) => u.toolCallId === "call_yes")
        .at(-1)?.status,
    ).toBe("completed");
    expect(readFileSync(join(project, "made.txt"), "utf8")).toBe("made\n");
    expect(await client.close()).toBe(0);
  });

  it("connects the session's MCP servers and runs bash in the client's terminal", async () => {
    const { client, project } = start();
    await client.initialize({ terminal: true });
    const files = mkdtempSync(join(tmpdir(), "pik-acp-mcp-"));
    writeFileSync(join(files, "notes.txt"), "the notes say hello");
    const { sessionId } = await client.agent.request("session/new", {
      cwd: project,
      mcpServers: [{ name: "my files", command: join(BIN, "mcp-server-filesystem"), args: [files], env: [] }],
    });
    sim.script(
      { toolCalls: [{ name: "tool_search", arguments: { query: "mcp__my_files__read_text_file" } }] },
      { toolCalls: [{ name: "mcp__my_files__read_text_file", arguments: { path: join(files, "notes.txt") } }] },
      { toolCalls: [{ id: "call_term", name: "bash", arguments: { command: "echo from the terminal; exit 0" } }] },
      { text: "done" },
    );
    expect((await client.prompt(sessionId, [text("Read the notes.")])).stopReason).toBe("end_turn");
    const mcpCall = client.of("tool_call").find((c) => c.title === "my_files: read_text_file");
    // The server marks it `readOnlyHint: true, openWorldHint: false`: a read.
    expect(mcpCall).toMatchObject({ kind: "read", status: "pending" });
    expect(JSON.stringify(sim.requests.at(-2)?.body)).toContain("the notes say hello");

    expect(client.terminals).toHaveLength(1);
    const terminalUpdates = client.of("tool_call_update").filter((u) => u.toolCallId === "call_term");
    expect(terminalUpdates.flatMap((u) => u.content ?? [])).toContainEqual({ type: "terminal", terminalId: "0" });
    expect(terminalUpdates.at(-1)?.status).toBe("completed");
    expect(JSON.stringify(sim.requests.at(-1)?.body)).toContain("from the terminal");
    expect(await client.close()).toBe(0);
  });

  it("runs slash commands, prompt templates and skills from the prompt, stops at max_tokens and switches models", async () => {
    const p = makeProject(sim.url);
    writeTwoModels(p.agentDir, sim.url);
    mkdirSync(join(p.agentDir, "prompts"), { recursive: true });
    writeFileSync(join(p.agentDir, "prompts", "shout.md"), "---\ndescription: Say it loud\n---\nShout $1 please.\n");
    mkdirSync(join(p.agentDir, "skills", "deploy"), { recursive: true });
    writeFileSync(
      join(p.agentDir, "skills", "deploy", "SKILL.md"),
      "---\nname: deploy\ndescription: Deploy the app\n---\nRun the deploy script.\n",
    );
    const { client, project } = start([], p);
    await client.initialize();
    const session = await client.agent.request("session/new", { cwd: project, mcpServers: [] });
    const announced = await client.waitFor((u) => u.update.sessionUpdate === "available_commands_update");
    const commands = announced.update.sessionUpdate === "available_commands_update" ? announced.update.availableCommands : [];
    expect(commands).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "shout", description: "Say it loud" }),
        expect.objectContaining({ name: "skill:deploy" }),
      ]),
    );

    const prompt = (t: string) => client.prompt(session.sessionId, [text(t)]);
    const before = sim.requests.length;
    expect((await prompt("/help")).stopReason).toBe("end_turn");
    expect(sim.requests.length).toBe(before);
    expect(client.said()).toContain("/shout");

    sim.script({ text: "HELLO", stopReason: "length" });
    expect((await prompt("/shout hello")).stopReason).toBe("max_tokens");
    expect(JSON.stringify(sim.requests.at(-1)?.body)).toContain("Shout hello please.");
    sim.script({ text: "Deploying." });
    await prompt("/skill:deploy now");
    expect(JSON.stringify(sim.requests.at(-1)?.body)).toContain("Run the deploy script.");

    const switched = await client.agent.request("session/set_config_option", {
      sessionId: session.sessionId,
      configId: "model",
      value: "sim/sim-other",
    });
    expect(switched.configOptions.find((o) => o.id === "model")?.currentValue).toBe("sim/sim-other");
    expect(switched.configOptions.find((o) => o.id === "thought_level")).toBeDefined();
    sim.script({ text: "Other here." });
    await prompt("Who are you?");
    expect(sim.requests.at(-1)?.body.model).toBe("sim-other");
    await expect(
      client.agent.request("session/set_config_option", { sessionId: session.sessionId, configId: "model", value: "nope/none" }),
    ).rejects.toThrow(/unknown model "nope\/none"/);
    expect(await client.close()).toBe(0);
  });
});
