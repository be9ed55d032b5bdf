// Provider faults a retry either fixes or cannot fix, for every wire format: an API's error event
// inside a 200 stream (retried like its HTTP status, before or after content was shown), a
// 200 that is JSON or empty and a baseUrl that is not a URL (failing at once, naming the provider
// and the models.json file), and tool-call JSON that does not parse (an error result the model
// can correct; the tool never runs).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createKernel, definePlugin, type Model, Type, type ToolDef } from "pi-kernel";
import anthropic from "../../../plugins/provider-anthropic/index.js";
import google from "../../../plugins/provider-google/index.js";
import completions from "../../../plugins/provider-openai-completions/index.js";
import responses from "../../../plugins/provider-openai-responses/index.js";
import { startSimulator, type Simulator } from "../../support/simulator/index.mjs";
import { APIS, FAST_RETRY, context, modelFor, run } from "./apis.js";

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator();
});
afterEach(async () => {
  await sim.close();
});

const fast = { settings: FAST_RETRY };
const tools = [{ name: "write", description: "Write a file", parameters: Type.Object({ path: Type.String() }) }];
// Frames each format sends before its first content (so an error there is "nothing shown yet").
const PREAMBLE: Record<string, number> = { anthropic: 2, openai: 1, responses: 2, gemini: 0 };
const FILE = "/home/me/.pi/agent/models.json";

describe.each(APIS)("$api: faults retrying cannot fix, and error events", (c) => {
  it.each([529, 429, 500] as const)("retries an in-stream error event like HTTP %i while nothing was shown", async (status) => {
    sim.script({ text: "never shown", fault: { kind: "error", status, afterChunks: PREAMBLE[c.format] } }, { text: "Recovered." });
    const { types, message } = await run(c, modelFor(c, sim), context(), {}, fast);
    expect(sim.requests).toHaveLength(2);
    expect(types.filter((t) => t === "start")).toHaveLength(1);
    expect(message).toMatchObject({ stopReason: "stop", content: [expect.objectContaining({ text: "Recovered." })] });
  });

  it("retries an error event after text was shown: a new message supersedes the partial one", async () => {
    sim.script({ text: "abcdefgh", chunkSize: 2, fault: { kind: "error", afterChunks: PREAMBLE[c.format] + 2 } }, { text: "Again." });
    const { types, message } = await run(c, modelFor(c, sim), context(), {}, fast);
    expect(sim.requests).toHaveLength(2);
    expect(types.filter((t) => t === "start")).toHaveLength(2);
    expect(message).toMatchObject({ stopReason: "stop", content: [expect.objectContaining({ text: "Again." })] });
  });

  it("with retries off, an error event after text ends the message in that error, text kept once", async () => {
    sim.script({ text: "abcdefgh", chunkSize: 2, fault: { kind: "error", afterChunks: PREAMBLE[c.format] + 2 } });
    const { events, message } = await run(c, modelFor(c, sim), context(), {}, { settings: { retry: { enabled: false } } });
    expect(sim.requests).toHaveLength(1);
    expect(message.stopReason).toBe("error");
    expect(message.errorMessage).toMatch(/reported an error mid-stream/);
    const shown = events.flatMap((e) => (e.type === "text_delta" ? [e.delta] : [])).join("");
    expect((message.content[0] as any).text).toBe(shown);
    expect("abcdefgh".startsWith(shown)).toBe(true);
  });

  it("retries an error event once a tool call started to stream; only the retried call completes", async () => {
    const turn = { toolCalls: [{ name: "write", arguments: { path: "a-long-path.txt" } }], argsChunkSize: 4 };
    sim.script({ ...turn, fault: { kind: "error", afterChunks: PREAMBLE[c.format] + 1 } }, turn);
    const { types, message } = await run(c, modelFor(c, sim), context({ tools }), {}, fast);
    expect(sim.requests).toHaveLength(2);
    // Gemini sends a call whole, in one part; the others stream its arguments.
    if (c.format !== "gemini") expect(types.filter((t) => t === "toolcall_end")).toHaveLength(1);
    expect(message.stopReason).toBe("toolUse");
  });

  it("fails at once on a 200 with a JSON body, naming the provider and its models.json", async () => {
    sim.script({ fault: { kind: "body", body: { id: "x", object: "chat.completion", choices: [] } } }, { text: "unused" });
    const model = { ...modelFor(c, sim), source: FILE } as Model;
    const { message } = await run(c, model, context(), {}, fast);
    expect(sim.requests).toHaveLength(1);
    expect(message.errorMessage).toBe(
      `Provider "sim-${c.format}" (model sim-${c.format}, from ${FILE}) answered with a JSON body instead of an event stream (is its baseUrl an endpoint that streams?): {"id":"x","object":"chat.completion","choices":[]}`,
    );
  });

  it("fails at once on an empty 200, naming the provider", async () => {
    sim.script({ fault: { kind: "body" } }, { text: "unused" });
    const { message } = await run(c, modelFor(c, sim), context(), {}, fast);
    expect(sim.requests).toHaveLength(1);
    expect(message.errorMessage).toBe(`Provider "sim-${c.format}" (model sim-${c.format}) sent an empty response (status 200, no body)`);
  });

  it.each(["not a url", "localhost:8080/v1"])("fails at once on a baseUrl that is not an http(s) URL (%s)", async (baseUrl) => {
    const model = { ...modelFor(c, sim, { baseUrl }), source: FILE } as Model;
    const { message } = await run(c, model, context(), {}, { settings: { retry: { baseDelayMs: 60_000 } } });
    expect(message.errorMessage).toBe(
      `The baseUrl of provider "sim-${c.format}" (model sim-${c.format}, from ${FILE}) is not an http(s) URL: ${JSON.stringify(baseUrl)} (fix providers.sim-${c.format}.baseUrl in ${FILE})`,
    );
    expect(sim.requests).toHaveLength(0);
  });
});

// Gemini sends arguments as a JSON object, never as text, so they cannot fail to parse.
describe.each(APIS.filter((c) => c.format !== "gemini"))("$api: unparseable tool-call arguments", (c) => {
  it("answer the call with an error the model corrects; the tool never runs with guessed arguments", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pik-bad-args-"));
    const ran: string[] = [];
    const parameters = Type.Object({ value: Type.String() });
    const echo = {
      name: "echo",
      description: "Echoes",
      parameters,
      execute: async (_id: string, a: { value: string }) => {
        ran.push(a.value);
        return { content: [{ type: "text", text: `echo: ${a.value}` }] };
      },
    } as unknown as ToolDef;
    const kernel = createKernel({
      cwd: dir,
      agentDir: join(dir, "agent"),
      settings: { retry: { enabled: false } },
      plugins: [anthropic, responses, google, completions, definePlugin({ name: "echo", setup: (api) => api.register.tool(echo) })],
    });
    await kernel.start();
    try {
      sim.script(
        { toolCalls: [{ name: "echo", arguments: {}, rawArguments: '{"value": "guessed",}' }] },
        { toolCalls: [{ name: "echo", arguments: { value: "fixed" } }] },
        { text: "done" },
      );
      kernel.actions.setModel(modelFor(c, sim));
      await kernel.actions.prompt("go");
      expect(ran).toEqual(["fixed"]);
      const results = kernel.agent.messages.filter((m) => m.role === "toolResult") as any[];
      expect(results[0].isError).toBe(true);
      expect(results[0].content[0].text).toMatch(
        /^The tool call's arguments are not valid JSON \(.*\): \{"value": "guessed",\}\nSend the call to echo again/,
      );
      expect(sim.requests[1].rawBody).toContain("are not valid JSON");
      expect((kernel.agent.messages.at(-1) as any).content[0].text).toBe("done");
    } finally {
      await kernel.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
