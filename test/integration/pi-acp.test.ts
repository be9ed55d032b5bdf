// pi-acp (the ACP adapter that drives pi over RPC, a dev dependency) drives pi-kernel: it spawns
// `pi --mode rpc` through PI_ACP_PI_COMMAND, and the official ACP SDK client drives pi-acp over
// its stdio, as an editor would. Sessions open whatever the model's thinking levels, prompts end
// (pi-acp waits for agent_settled), and tool calls reach the client with complete arguments.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import { ClientApp, type ClientContext, ndJsonStream, PROTOCOL_VERSION, type SessionNotification } from "@agentclientprotocol/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PI_BIN } from "../support/run-cli.js";
import { makeProject, writeTwoModels } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";

const PI_ACP = createRequire(import.meta.url).resolve("pi-acp");

/** An editor's side: it records every session update and allows every tool call it is asked about. */
function editor(updates: SessionNotification["update"][]): ClientApp {
  return new ClientApp()
    .onRequest("session/request_permission", ({ params }) => {
      const allow = params.options.find((o) => o.kind.startsWith("allow")) ?? params.options[0];
      return { outcome: { outcome: "selected", optionId: allow.optionId } };
    })
    .onNotification("session/update", ({ params }) => void updates.push(params.update));
}

type ToolUpdate = { sessionUpdate: string; toolCallId?: string; rawInput?: unknown; title?: string; status?: string };

describe("pi-acp drives pi-kernel over RPC", () => {
  let sim: Simulator;
  let acp: ChildProcess | undefined;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    acp?.kill();
    await sim.close();
  });

  // Two processes start (pi-acp, then pi-kernel under it) and two prompts run: ~12 s on a busy machine.
  it("opens a session and completes prompts with tool calls, on a model without reasoning and on one with it", {
    timeout: 60_000,
  }, async () => {
    const { root, project, agentDir } = makeProject(sim.url);
    writeTwoModels(agentDir, sim.url);
    // PI_ACP_PI_COMMAND names one executable (pi-acp adds `--mode rpc`): `node bin/pi.js` behind a script.
    const pi = join(root, "pi");
    writeFileSync(pi, `#!/bin/sh\nexec "${process.execPath}" "${PI_BIN}" "$@"\n`);
    chmodSync(pi, 0o755);
    acp = spawn(process.execPath, [PI_ACP], {
      cwd: project,
      env: { ...process.env, PI_ACP_PI_COMMAND: pi, PI_CODING_AGENT_DIR: agentDir },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stderr = "";
    acp.stderr!.on("data", (d) => (stderr += d));
    const updates: SessionNotification["update"][] = [];
    const stream = ndJsonStream(
      Writable.toWeb(acp.stdin!) as WritableStream<Uint8Array>,
      Readable.toWeb(acp.stdout!) as ReadableStream<Uint8Array>,
    );
    const agent: ClientContext = editor(updates).connect(stream).agent;

    const init = await agent.request("initialize", { protocolVersion: PROTOCOL_VERSION, clientCapabilities: {} });
    expect(init.protocolVersion).toBe(PROTOCOL_VERSION);
    // session/new asks for the state and the thinking levels: "off" must be among them.
    const session = await agent.request("session/new", { cwd: project, mcpServers: [] });
    const thinking = session.configOptions?.find((o) => o.id === "thought_level") as { currentValue?: string } | undefined;
    expect(thinking?.currentValue, stderr).toBe("off");

    sim.script({ text: "Let me look.", toolCalls: [{ name: "read", arguments: { path: "src/app.js" } }] }, { text: "It logs a greeting." });
    const first = await agent.request("session/prompt", {
      sessionId: session.sessionId,
      prompt: [{ type: "text", text: "what does src/app.js do?" }],
    });
    expect(first.stopReason).toBe("end_turn");
    expectCompleteToolCall(updates as ToolUpdate[], "rawInput", { path: "src/app.js" });
    expect(text(updates, "agent_message_chunk")).toContain("It logs a greeting.");

    // The reasoning model, chosen the way an editor does: its thinking levels come with it.
    updates.length = 0;
    const switched = await agent.request("session/set_config_option", {
      sessionId: session.sessionId,
      configId: "model",
      value: "sim/sim-other",
    });
    const levels = switched.configOptions.find((o) => o.id === "thought_level") as { options?: { value: string }[] } | undefined;
    expect(levels?.options?.map((o) => o.value)).toEqual(["off", "minimal", "low", "medium", "high"]);
    await agent.request("session/set_config_option", { sessionId: session.sessionId, configId: "thought_level", value: "high" });
    sim.script(
      { thinking: "I should run it.", toolCalls: [{ name: "bash", arguments: { command: "node src/app.js" } }] },
      { text: "It printed hello, world." },
    );
    const second = await agent.request("session/prompt", { sessionId: session.sessionId, prompt: [{ type: "text", text: "run it" }] });
    expect(second.stopReason).toBe("end_turn");
    expect(sim.requests.at(-1)!.body).toMatchObject({ model: "sim-other", reasoning_effort: "high" });
    expect(text(updates, "agent_thought_chunk")).toContain("I should run it.");
    // pi-acp shows a bash call as a terminal titled with its command.
    expectCompleteToolCall(updates as ToolUpdate[], "title", "node src/app.js");
    expect(text(updates, "agent_message_chunk")).toContain("It printed hello, world.");
  });
});

function text(updates: SessionNotification["update"][], kind: string): string {
  return updates
    .filter((u) => u.sessionUpdate === kind)
    .map((u) => (u as { content?: { text?: string } }).content?.text ?? "")
    .join("");
}

/**
 * The tool call is announced once, already with its whole arguments (`field` shows them), every
 * later update that repeats them repeats them whole, and the call ends completed.
 */
function expectCompleteToolCall(updates: ToolUpdate[], field: "rawInput" | "title", whole: unknown): void {
  const calls = updates.filter((u) => u.sessionUpdate === "tool_call");
  expect(calls).toHaveLength(1);
  expect(calls[0][field]).toEqual(whole);
  const mine = updates.filter((u) => u.toolCallId === calls[0].toolCallId);
  for (const u of mine.filter((u) => u[field] !== undefined)) expect(u[field]).toEqual(whole);
  expect(mine.at(-1)?.status).toBe("completed");
}
