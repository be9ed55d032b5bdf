// A disconnect at every frame boundary of a thinking + text + tool-call turn, for each wire format,
// through the real kernel loop and provider plugin against the simulator: the agent never runs a
// half-received tool call, never shows text twice, and ends in a retried success or a clear error.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { createKernel, definePlugin, Type, type ToolDef } from "pi-kernel";
import anthropic from "../../../plugins/provider-anthropic/index.js";
import google from "../../../plugins/provider-google/index.js";
import completions from "../../../plugins/provider-openai-completions/index.js";
import responses from "../../../plugins/provider-openai-responses/index.js";
import { startSimulator } from "../../support/simulator/index.mjs";
import { APIS, modelFor } from "./apis.js";

const TURN = { thinking: "Think it over.", text: "I will echo.", chunkSize: 7, argsChunkSize: 6 };
const ARGS = { value: "0123456789" };

it.each(APIS)("$api: a disconnect at any frame boundary never half-runs a tool call nor repeats text", async (c) => {
  const dir = mkdtempSync(join(tmpdir(), "pik-boundaries-"));
  const ran: unknown[] = [];
  let round = 0;
  const parameters = Type.Object({ value: Type.String() });
  const echo = {
    name: "echo",
    description: "Echoes",
    parameters,
    execute: async (_id: string, args: unknown) => {
      ran.push(args);
      return { content: [{ type: "text", text: `echoed-${round}` }] };
    },
  } as unknown as ToolDef;
  const deltas: string[] = [];
  const listener = definePlugin({
    name: "echo",
    setup: (api) => {
      api.register.tool(echo);
      api.on("event", (e: any) => {
        if (e.type === "message_update" && e.assistantMessageEvent.type === "text_delta") deltas.push(e.assistantMessageEvent.delta);
      });
    },
  });
  const kernel = createKernel({
    cwd: dir,
    agentDir: join(dir, "agent"),
    settings: { retry: { baseDelayMs: 1, provider: { timeoutMs: 2000 } } },
    plugins: [anthropic, responses, google, completions, listener],
  });
  await kernel.start();
  const outcomes = new Set<string>();
  try {
    for (let cut = 0; cut < 60; cut++) {
      const sim = await startSimulator();
      round = cut;
      ran.length = 0;
      deltas.length = 0;
      const turn = { ...TURN, toolCalls: [{ name: "echo", arguments: ARGS }] };
      // After the cut turn: the turn again (a retry) until the tool's result comes back, then the answer.
      const next = (request: { rawBody: string }) => (request.rawBody.includes(`echoed-${cut}`) ? { text: "done" } : turn);
      sim.script({ ...turn, fault: { kind: "disconnect", afterChunks: cut } }, next, next);
      kernel.actions.setModel(modelFor(c, sim));
      const before = kernel.agent.messages.length;
      await kernel.actions.prompt(`cut at ${cut}`);
      await sim.close();
      const added = kernel.agent.messages.slice(before) as any[];
      const assistants = added.filter((m) => m.role === "assistant");
      const first = assistants[0];
      const text = first.content
        .filter((b: any) => b.type === "text")
        .map((b: any) => b.text)
        .join("");
      // What was shown is exactly what the message holds, once, and a prefix of the scripted text.
      expect(deltas.join("").startsWith(text)).toBe(true);
      expect(TURN.text.startsWith(text), `${cut}: ${JSON.stringify(first.content)}`).toBe(true);
      if (first.stopReason === "error") {
        expect(ran).toEqual([]);
        expect(first.errorMessage).toMatch(/Network error|ended unexpectedly/);
        expect(assistants).toHaveLength(1);
        outcomes.add("error");
        continue;
      }
      // Success (retried or not): the tool ran once, with the whole arguments, then the answer came.
      expect(first.stopReason).toBe("toolUse");
      expect(ran).toEqual([ARGS]);
      expect(text).toBe(TURN.text);
      expect(deltas.join("")).toBe(`${TURN.text}done`);
      expect(assistants.at(-1).content[0].text).toBe("done");
      const retried = sim.requests.length === 3;
      outcomes.add(retried ? "retried" : "clean");
      // A cut after the last frame leaves the turn whole: every boundary has been tried.
      if (!retried) break;
    }
  } finally {
    await kernel.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  expect(outcomes).toEqual(new Set(["retried", "error", "clean"]));
});
