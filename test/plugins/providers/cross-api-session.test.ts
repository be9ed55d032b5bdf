// One conversation carried across all four wire formats in a real kernel with the real provider
// plugins: Anthropic → OpenAI responses → Gemini → OpenAI chat, with thinking and tool calls on
// the way. Each API must get the earlier turns in a form it accepts: foreign thinking as
// <thinking> text, tool-call ids rewritten to its rules, every call paired with its result.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createKernel, definePlugin, Type, type Kernel, type ToolDef } from "pi-kernel";
import anthropic from "../../../plugins/provider-anthropic/index.js";
import google from "../../../plugins/provider-google/index.js";
import completions from "../../../plugins/provider-openai-completions/index.js";
import responses from "../../../plugins/provider-openai-responses/index.js";
import { startSimulator, type Simulator } from "../../support/simulator/index.mjs";
import { APIS, modelFor } from "./apis.js";

let sim: Simulator;
let dir: string;
let kernel: Kernel;
const ran: string[] = [];
beforeEach(() => {
  ran.length = 0;
});

const parameters = Type.Object({ value: Type.String() });
const echo: ToolDef<typeof parameters> = {
  name: "echo",
  description: "Echoes a value",
  parameters,
  async execute(_id, { value }) {
    ran.push(value);
    return { content: [{ type: "text", text: `echo: ${value}` }] };
  },
};

beforeEach(async () => {
  sim = await startSimulator();
  dir = mkdtempSync(join(tmpdir(), "pik-cross-api-"));
  const tools = definePlugin({ name: "echo-tool", setup: (api) => api.register.tool(echo as ToolDef) });
  kernel = createKernel({
    cwd: dir,
    agentDir: join(dir, "agent"),
    settings: { retry: { enabled: false } },
    plugins: [anthropic, responses, google, completions, tools],
  });
  await kernel.start();
});
afterEach(async () => {
  await kernel.stop();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

it("keeps working when the model switches API mid-conversation", async () => {
  const byFormat = (f: string) => modelFor(APIS.find((c) => c.format === f)!, sim);
  const [claude, gpt, gemini, chat] = ["anthropic", "responses", "gemini", "openai"].map(byFormat);
  // Every API: thinks, calls the tool (with its own id style), then answers after the result.
  for (const [i, id] of [
    "toolu_01AbC",
    "call_abc",
    undefined,
    "call:xyz/an id far longer than the sixty-four characters Anthropic allows",
  ].entries()) {
    sim.script(
      { thinking: `thought ${i}`, toolCalls: [{ name: "echo", arguments: { value: `v${i}` }, ...(id ? { id } : {}) }] },
      { text: `answer ${i}` },
    );
  }
  for (const [i, model] of [claude, gpt, gemini, chat].entries()) {
    kernel.actions.setModel(model);
    kernel.actions.setThinkingLevel("high");
    await kernel.actions.prompt(`step ${i}`);
    const last = kernel.agent.messages.at(-1) as any;
    expect(last).toMatchObject({ role: "assistant", stopReason: "stop", api: model.api, content: [{ type: "text", text: `answer ${i}` }] });
  }
  expect(ran).toEqual(["v0", "v1", "v2", "v3"]);
  expect(sim.requests.map((r) => r.format)).toEqual([
    "anthropic",
    "anthropic",
    "responses",
    "responses",
    "gemini",
    "gemini",
    "openai",
    "openai",
  ]);

  // The responses API got Claude's thinking as text, and the call paired with its result.
  const toResponses = sim.requests[2].body.input;
  expect(JSON.stringify(toResponses)).toContain("<thinking>\\nthought 0\\n</thinking>");
  const claudeCall = toResponses.find((i: any) => i.type === "function_call");
  expect(claudeCall.call_id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  expect(toResponses.find((i: any) => i.type === "function_call_output").call_id).toBe(claudeCall.call_id);
  expect(toResponses.some((i: any) => i.type === "reasoning")).toBe(false); // no foreign reasoning items

  // Gemini got both earlier turns, with thinking as text and no foreign signatures.
  const toGemini = JSON.stringify(sim.requests[4].body.contents);
  expect(toGemini).toContain("thought 0");
  expect(toGemini).toContain("thought 1");
  expect(toGemini).not.toContain('"thought":true');
  expect(toGemini).not.toContain("thoughtSignature");

  // Chat completions: every tool call answered, ids within its 40-character limit.
  const toChat = sim.requests[6].body.messages;
  const callIds = toChat.flatMap((m: any) => m.tool_calls?.map((t: any) => t.id) ?? []);
  const resultIds = toChat.filter((m: any) => m.role === "tool").map((m: any) => m.tool_call_id);
  expect(callIds).toHaveLength(3);
  expect(resultIds).toEqual(callIds);
  for (const id of callIds) expect(id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
  expect(JSON.stringify(toChat)).toContain("<thinking>\\nthought 2\\n</thinking>");

  // Back to Anthropic: its own signed thinking replays as thinking, the rest as text, and the
  // chat server's odd id is made valid.
  sim.script({ text: "back home" });
  kernel.actions.setModel(claude);
  await kernel.actions.prompt("step 4");
  const toClaude = sim.requests[8].body.messages;
  expect(toClaude[1].content[0]).toMatchObject({ type: "thinking", thinking: "thought 0", signature: expect.any(String) });
  expect(JSON.stringify(toClaude)).toContain("<thinking>\\nthought 3\\n</thinking>");
  for (const m of toClaude) for (const b of m.content) if (b.type === "tool_use") expect(b.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
});

it("never runs a tool call that was still streaming when the run was aborted, on any API", async () => {
  const watcher = definePlugin({
    name: "abort-on-tool-delta",
    setup(api) {
      api.on("event", (e: any) => {
        if (
          e.type === "message_update" &&
          (e.assistantMessageEvent.type === "toolcall_delta" || e.assistantMessageEvent.type === "toolcall_start")
        )
          api.actions.abort();
      });
    },
  });
  await kernel.stop();
  kernel = createKernel({
    cwd: dir,
    agentDir: join(dir, "agent"),
    settings: { retry: { enabled: false } },
    plugins: [
      anthropic,
      responses,
      google,
      completions,
      definePlugin({ name: "echo-tool", setup: (api) => api.register.tool(echo as ToolDef) }),
      watcher,
    ],
  });
  await kernel.start();
  for (const c of APIS) {
    sim.script({
      toolCalls: [{ name: "echo", arguments: { value: "x".repeat(50) } }],
      argsChunkSize: 4,
      fault: { kind: "stall", afterChunks: 12 },
    });
    kernel.actions.setModel(modelFor(c, sim));
    await kernel.actions.prompt(`go ${c.api}`);
    const last = kernel.agent.messages.at(-1) as any;
    expect(last, c.api).toMatchObject({ role: "assistant", stopReason: "aborted" });
  }
  expect(ran).toEqual([]);
});
