// A fault at every frame boundary of a thinking + text + tool-call turn, for each wire format and
// each kind of failure (a disconnect, the API's own error event inside the 200 stream, and a stall
// past the idle timeout), through the real kernel loop and provider plugin against the simulator.
// Wherever it strikes (before any content, after thinking, after text, after part of a tool
// call) the turn is retried whole: the partial message is superseded by a new `message_start`,
// never reaches the conversation nor the next request, the half-received tool call never runs,
// and what a listener that starts over at each `message_start` shows is the final answer once.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { createKernel, definePlugin, type Kernel, type ToolDef, Type } from "pi-kernel";
import anthropic from "../../../plugins/provider-anthropic/index.js";
import google from "../../../plugins/provider-google/index.js";
import completions from "../../../plugins/provider-openai-completions/index.js";
import responses from "../../../plugins/provider-openai-responses/index.js";
import { type Fault, type RecordedRequest, type Simulator, startSimulator, type Turn } from "../../support/simulator/index.mjs";
import { APIS, modelFor } from "./apis.js";

const TURN = { thinking: "Think it over.", text: "I will echo.", chunkSize: 7, argsChunkSize: 6 };
const ARGS = { value: "0123456789" };
const TURN_WITH_CALL = { ...TURN, toolCalls: [{ name: "echo", arguments: ARGS }] };
type Where = "clean" | "before content" | "after thinking" | "after text" | "after tool call";

/** What a UI that starts an assistant message over at each message_start shows, and where retries struck. */
interface Seen {
  shown: { thinking: string; text: string; toolCall: boolean };
  retriesAt: Where[];
  ran: unknown[];
  ends: { stopReason: string }[];
}

function harness(dir: string) {
  const seen: Seen = { shown: { thinking: "", text: "", toolCall: false }, retriesAt: [], ran: [], ends: [] };
  let round = 0;
  const echo = {
    name: "echo",
    description: "Echoes",
    parameters: Type.Object({ value: Type.String() }),
    execute: async (_id: string, args: unknown) => {
      seen.ran.push(args);
      return { content: [{ type: "text", text: `echoed-${round}` }] };
    },
  } as unknown as ToolDef;
  const where = (): Where => {
    const s = seen.shown;
    return s.toolCall ? "after tool call" : s.text ? "after text" : s.thinking ? "after thinking" : "before content";
  };
  const listener = definePlugin({
    name: "echo",
    setup: (api) => {
      api.register.tool(echo);
      api.on("event", (e: any) => {
        if (e.type === "message_start" && e.message.role === "assistant") seen.shown = { thinking: "", text: "", toolCall: false };
        if (e.type === "auto_retry_start") seen.retriesAt.push(where());
        if (e.type === "message_end" && e.message.role === "assistant") seen.ends.push(e.message);
        if (e.type !== "message_update") return;
        const d = e.assistantMessageEvent;
        if (d.type === "text_delta") seen.shown.text += d.delta;
        if (d.type === "thinking_delta") seen.shown.thinking += d.delta;
        if (d.type.startsWith("toolcall_")) seen.shown.toolCall = true;
      });
    },
  });
  const kernel = createKernel({
    cwd: dir,
    agentDir: join(dir, "agent"),
    settings: { retry: { baseDelayMs: 1, provider: { timeoutMs: 250 } } },
    plugins: [anthropic, responses, google, completions, listener],
  });
  // Each prompt's tool result is unique, so the simulator can tell this prompt's result from earlier ones.
  const h = { kernel, seen, nextRound: () => ++round, answer: (_request: RecordedRequest): Turn => ({ text: "unused" }) };
  return h;
}

/** One prompt whose first request fails with `fault`; returns where the retry struck (or "clean"). */
async function faultAt(sim: Simulator, h: ReturnType<typeof harness>, fault: Fault, label: string): Promise<Where> {
  const { kernel, seen } = h;
  const from = sim.requests.length;
  const marker = `echoed-${h.nextRound()}`;
  seen.ran.length = 0;
  seen.retriesAt.length = 0;
  seen.ends.length = 0;
  seen.shown = { thinking: "", text: "", toolCall: false };
  // The first request fails; then the turn again (a retry) until the tool's result comes back, then the answer.
  let first = true;
  h.answer = (request) => {
    if (first) {
      first = false;
      return { ...TURN_WITH_CALL, fault };
    }
    return request.rawBody.includes(marker) ? { text: "done" } : TURN_WITH_CALL;
  };
  const before = kernel.agent.messages.length;
  await kernel.actions.prompt(label);
  const requests = sim.requests.slice(from);
  const added = kernel.agent.messages.slice(before) as any[];
  // The conversation holds the finished messages only: no partial, no error.
  expect(
    added.map((m) => `${m.role}:${m.stopReason ?? ""}`),
    label,
  ).toEqual(["user:", "assistant:toolUse", "toolResult:", "assistant:stop"]);
  expect(
    seen.ends.map((m) => m.stopReason),
    label,
  ).toEqual(["toolUse", "stop"]);
  const answer = added[1];
  expect(answer.content.find((b: any) => b.type === "text")?.text, label).toBe(TURN.text);
  expect(answer.content.find((b: any) => b.type === "thinking")?.thinking, label).toBe(TURN.thinking);
  // The half-received tool call never ran; the whole one ran once.
  expect(seen.ran, label).toEqual([ARGS]);
  // What is on screen at the end is the last message only, once.
  expect(seen.shown.text, label).toBe("done");
  const retried = seen.retriesAt.length > 0;
  // A retry sends the very request again: nothing of the partial message is in it.
  if (retried) expect(requests[1].rawBody, label).toBe(requests[0].rawBody);
  expect(requests, label).toHaveLength(retried ? 3 : 2);
  return retried ? seen.retriesAt[0] : "clean";
}

const EVERYWHERE: Where[] = ["clean", "before content", "after thinking", "after text", "after tool call"];

it.each(APIS)("$api: a disconnect, an error event or a stall at any frame boundary retries the whole turn", async (c) => {
  const dir = mkdtempSync(join(tmpdir(), "pik-boundaries-"));
  const h = harness(dir);
  const kernel: Kernel = h.kernel;
  await kernel.start();
  const sim = await startSimulator();
  // Every request is answered by the current prompt's script.
  sim.script(...Array.from({ length: 400 }, () => (request: RecordedRequest) => h.answer(request)));
  kernel.actions.setModel(modelFor(c, sim));
  try {
    const firstCutAt = new Map<Where, number>();
    for (let cut = 0; cut < 60; cut++) {
      const where = await faultAt(sim, h, { kind: "disconnect", afterChunks: cut }, `disconnect after ${cut} frames`);
      if (!firstCutAt.has(where)) firstCutAt.set(where, cut);
      // A fault after the last frame leaves the turn whole: every boundary has been tried.
      if (where === "clean") break;
    }
    expect([...firstCutAt.keys()].sort()).toEqual([...EVERYWHERE].sort());
    // The API's own error event, and a stall (which costs the idle timeout), where each kind of content had streamed.
    for (const where of ["before content", "after thinking", "after text", "after tool call"] as const) {
      const afterChunks = firstCutAt.get(where)!;
      expect(await faultAt(sim, h, { kind: "error", afterChunks }, `error event ${where}`), "error event").toBe(where);
      if (where !== "before content") expect(await faultAt(sim, h, { kind: "stall", afterChunks }, `stall ${where}`), "stall").toBe(where);
    }
  } finally {
    await sim.close();
    await kernel.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
