// pi's createAgentSession and RpcClient as packages use them, against the loopback simulator:
// an in-process session whose prompt runs a tool and answers, and pi's RPC client driving
// pi-kernel's own `pi --mode rpc`. Both run the built CLI/SDK (npm run build first).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as pi from "../../plugins/pi-compat/modules/coding-agent.js";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

const sims = simProjects();
type Event = { type: string; toolName?: string; result?: { content: { text: string }[] } };

describe("createAgentSession (pi's SDK shape over pi-kernel's SDK)", () => {
  it("prompts, runs a tool built with createReadTool over custom operations, answers, and streams events", async () => {
    const { project, agentDir } = sims.project();
    const reads: string[] = [];
    const read = pi.createReadTool(project, {
      operations: { readFile: async (p) => (reads.push(p), Buffer.from("from the sandbox")), access: async () => undefined },
    });
    const shout = pi.defineTool({
      name: "shout",
      label: "Shout",
      description: "upper-cases its text",
      parameters: pi.Type.Object({ text: pi.Type.String() }),
      execute: async (_id: string, p: { text: string }) => ({
        content: [{ type: "text" as const, text: p.text.toUpperCase() }],
        details: {},
      }),
    });
    const { session } = await pi.createAgentSession({
      cwd: project,
      agentDir,
      model: new pi.ModelRegistry().find("sim", "sim-model"),
      tools: [read, "bash"],
      customTools: [shout],
      sessionManager: pi.SessionManager.inMemory(project),
    });
    const events: Event[] = [];
    const unsubscribe = session.subscribe((e) => events.push(e as Event));
    sims.sim.script(
      {
        toolCalls: [
          { name: "read", arguments: { path: "notes.md" } },
          { name: "shout", arguments: { text: "hi" } },
        ],
      },
      { text: "Read it and shouted." },
    );
    await session.prompt("read notes.md and shout hi");
    expect(session.getLastAssistantText()).toBe("Read it and shouted.");
    expect(reads).toEqual([join(project, "notes.md")]);
    // The two calls run in parallel: compare them by tool.
    const results = events.filter((e) => e.type === "tool_execution_end").map((e) => [e.toolName, e.result?.content[0]?.text]);
    expect(Object.fromEntries(results)).toEqual({ read: "from the sandbox", shout: "HI" });
    expect(session.messages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "toolResult", "assistant"]);
    expect(session.state.messages).toBe(session.messages);
    const sent = sims.sim.requests
      .at(-1)!
      .body.tools.map((t: { function: { name: string } }) => t.function.name)
      .sort();
    expect(sent).toEqual(["bash", "read", "shout"]);
    unsubscribe();
    await session.dispose();
  });

  it("aborts a running prompt and resolves once idle; a persisted SessionManager gives the session file", async () => {
    const { project, agentDir } = sims.project();
    const sessionManager = pi.SessionManager.create(project, join(agentDir, "sessions-here"));
    const { session } = await pi.createAgentSession({ cwd: project, agentDir, model: "sim/sim-model", sessionManager });
    expect(session.sessionFile).toBe(sessionManager.getSessionFile());
    sims.sim.script({ text: "a b c d e f g h i j k l", chunkSize: 2, delayMs: 40 });
    const run = session.prompt("go");
    await new Promise<void>((resolve) => {
      const stop = session.subscribe((e) => {
        if (e.type === "message_update") {
          stop();
          resolve();
        }
      });
    });
    await session.abort();
    await run;
    expect(session.isStreaming).toBe(false);
    expect((session.messages.at(-1) as { stopReason?: string }).stopReason).toBe("aborted");
    await session.dispose();
    const lines = readFileSync(sessionManager.getSessionFile()!, "utf8").trim().split("\n");
    expect(JSON.parse(lines[0]!)).toMatchObject({ type: "session", cwd: project });
  });
});

describe("RpcClient (drives pi-kernel's own bin/pi.js)", () => {
  it("starts `pi --mode rpc`, prompts, waits for the run, reads state and messages, stops", async () => {
    const { project, agentDir } = sims.project();
    const client = new pi.RpcClient({
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
      model: "sim/sim-model",
      args: ["--no-session"],
    });
    await client.start();
    try {
      sims.sim.script({ text: "hello from rpc" });
      const events = await client.promptAndWait("hi");
      expect(events.map((e) => e.type)).toContain("message_end");
      expect(await client.getLastAssistantText()).toBe("hello from rpc");
      expect((await client.getMessages()).length).toBe(2);
      expect(await client.getState()).toMatchObject({ model: { id: "sim-model" } });
      await expect(client.setModel("sim", "none-such")).rejects.toThrow(/none-such/);
    } finally {
      await client.stop();
    }
  });
});

describe("an extension that runs a subagent (pi-subagents' pattern) in the real CLI", () => {
  it("a tool that calls createAgentSession answers with the subagent's reply", async () => {
    const { project, agentDir } = sims.project();
    const ext = join(project, "delegate.ts");
    writeFileSync(
      ext,
      `import { createAgentSession, SessionManager, createReadOnlyTools } from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";
export default function (pi) {
  pi.registerTool({
    name: "delegate", label: "Delegate", description: "runs a subagent",
    parameters: Type.Object({ task: Type.String() }),
    async execute(_id, params, _signal, _onUpdate, ctx) {
      const { session } = await createAgentSession({
        cwd: ctx.cwd, model: "sim/sim-model", tools: createReadOnlyTools(ctx.cwd), sessionManager: SessionManager.inMemory(),
      });
      try {
        await session.prompt(params.task);
        return { content: [{ type: "text", text: "subagent said: " + session.getLastAssistantText() }], details: {} };
      } finally {
        await session.dispose();
      }
    },
  });
}
`,
    );
    sims.sim.script(
      { toolCalls: [{ name: "delegate", arguments: { task: "look around" } }] },
      { text: "inner answer" },
      { text: "outer done" },
    );
    const start = sims.sim.requests.length;
    const r = await runCli(["--model", "sim/sim-model", "--no-session", "-e", ext, "-p", "delegate it"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
      timeoutMs: 30_000,
    });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("outer done\n");
    const requests = sims.sim.requests.slice(start);
    expect(requests).toHaveLength(3);
    // The subagent's request carried its own task and pi's read-only tools.
    expect(JSON.stringify(requests[1]!.body.messages)).toContain("look around");
    expect(requests[1]!.body.tools.map((t: { function: { name: string } }) => t.function.name).sort()).toEqual([
      "find",
      "grep",
      "ls",
      "read",
    ]);
    expect(JSON.stringify(requests[2]!.body.messages)).toContain("subagent said: inner answer");
  });
});
