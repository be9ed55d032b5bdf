// pi-ai's module-level functions in pi-compat run through the agent's real services: a kernel
// with the models plugin, the OpenAI-completions provider and pi-compat, its models.json pointing
// at the loopback simulator; complete()/stream()/getModel() are called as an extension calls them.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import models from "../../plugins/models/index.js";
import piCompat from "../../plugins/pi-compat/index.js";
import openaiCompletions from "../../plugins/provider-openai-completions/index.js";
import { Agent } from "../../plugins/pi-compat/modules/agent-core.js";
import {
  complete,
  getModel,
  getModels,
  getProviders,
  registerFauxProvider,
  stream,
  fauxAssistantMessage,
} from "../../plugins/pi-compat/modules/ai.js";
import { PiCompatUnavailableError } from "../../plugins/pi-compat/modules/unavailable.js";
import { streamProxy } from "../../plugins/pi-compat/modules/agent-core.js";
import { makeProject } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";
import { startKernel, type Harness } from "../kernel/harness.js";

let sim: Simulator;
let h: Harness;
let root: string;
beforeAll(async () => {
  sim = await startSimulator();
  const p = makeProject(sim.url);
  root = p.root;
  h = await startKernel([models, openaiCompletions, piCompat], { cwd: p.project, agentDir: p.agentDir });
});
afterAll(async () => {
  await h.kernel.stop();
  await sim.close();
  rmSync(root, { recursive: true, force: true });
});

describe("pi-ai through the running agent", () => {
  it("finds models in the agent's catalog", () => {
    const model = getModel("sim", "sim-model");
    expect(model).toMatchObject({ id: "sim-model", provider: "sim", api: "openai-completions" });
    expect(getModels("sim").map((m) => m.id)).toEqual(["sim-model"]);
    expect(getProviders()).toContain("sim");
    expect(getModel("sim", "nope")).toBeUndefined();
  });

  it("complete() answers from the simulator with the key from models.json", async () => {
    sim.script({ text: "pong from sim" });
    const start = sim.requests.length;
    const message = await complete(getModel("sim", "sim-model")!, { messages: [{ role: "user", content: "ping", timestamp: Date.now() }] });
    expect(message).toMatchObject({ role: "assistant", stopReason: "stop", content: [{ type: "text", text: "pong from sim" }] });
    const request = sim.requests[start];
    expect(request.headers.authorization).toBe("Bearer sim-secret-key");
    expect(JSON.stringify(request.body.messages)).toContain("ping");
  });

  it("stream() yields pi's events and ends in an error event for an unknown api", async () => {
    sim.script({ text: "streamed", chunkSize: 3 });
    const types: string[] = [];
    for await (const e of stream(getModel("sim", "sim-model")!, { messages: [{ role: "user", content: "hi", timestamp: 1 }] }))
      types.push(e.type);
    expect(types[0]).toBe("start");
    expect(types.at(-1)).toBe("done");
    const broken = { ...getModel("sim", "sim-model")!, api: "no-such-api" };
    const failed = await complete(broken, { messages: [] });
    expect(failed).toMatchObject({ stopReason: "error", errorMessage: "No API provider registered for api: no-such-api" });
  });

  it("runs pi-agent-core's Agent: a prompt streams through a faux provider and a tool runs", async () => {
    const faux = registerFauxProvider();
    faux.setResponses([
      fauxAssistantMessage([{ type: "toolCall", id: "c1", name: "add", arguments: { a: 2, b: "3" } }], { stopReason: "toolUse" }),
      fauxAssistantMessage("five"),
    ]);
    const tool = {
      name: "add",
      description: "adds",
      parameters: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
      execute: async (_id: string, p: unknown) => {
        const { a, b } = p as { a: number; b: number };
        return { content: [{ type: "text" as const, text: String(a + b) }] };
      },
    };
    const agent = new Agent({ initialState: { model: faux.getModel(), tools: [tool] } });
    const events: string[] = [];
    agent.subscribe((e) => void events.push(e.type));
    await agent.prompt("add 2 and 3");
    const roles = agent.state.messages.map((m) => m.role);
    expect(roles).toEqual(["user", "assistant", "toolResult", "assistant"]);
    expect(JSON.stringify(agent.state.messages[2])).toContain('"text":"5"'); // "3" coerced to 3
    expect(events[0]).toBe("agent_start");
    expect(events.at(-1)).toBe("agent_end");
    expect(events).toContain("tool_execution_end");
    faux.unregister();
  });

  it("names the missing piece instead of `undefined is not a function`", () => {
    expect(() => streamProxy()).toThrow(PiCompatUnavailableError);
    expect(() => streamProxy()).toThrow(/streamProxy is not available in pi-kernel: pi's app-server proxy/);
  });
});
