// The same response bytes, however the network splits them (inside a UTF-8 character, between the
// \r and \n of a CRLF, anywhere), give identical events for every wire format. Deltas of one
// network read are merged, so a split may cut one delta in two: events are compared with
// consecutive deltas of a block joined, which is what a listener accumulating them sees.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssistantMessage, AssistantMessageEvent, Model } from "pi-kernel";
import { decodeBytes, MessageAssembler, mergeDeltas } from "../../../lib/provider-kit/index.js";
import { startSimulator, type Simulator } from "../../support/simulator/index.mjs";
import { APIS, context, expectLiveArguments, modelFor } from "./apis.js";

const TURN = {
  thinking: "Über 🤔 日本",
  text: "Grüße 👋 ✓",
  chunkSize: 6,
  argsChunkSize: 9,
  toolCalls: [{ name: "read", arguments: { path: "ünï/😀.txt" }, id: "call_1" }],
  usage: { input: 10, output: 7, cacheRead: 4, cacheWrite: 0 },
};

let sim: Simulator;
const bodies = new Map<string, Buffer>();
// Recorded up front: the checks below take a while, and an idle keep-alive socket may be closed.
beforeAll(async () => {
  sim = await startSimulator();
  for (const c of APIS) bodies.set(c.format, await recordBody(c, modelFor(c, sim)));
});
afterAll(async () => {
  await sim.close();
});

/** The raw bytes the simulator sends for TURN in a format. */
async function recordBody(c: (typeof APIS)[number], model: Model): Promise<Buffer> {
  sim.script(TURN);
  const request = c.wire.request(model, context(), { thinkingLevel: "high" }, "k");
  const res = await fetch(request.url, { method: "POST", headers: request.headers, body: JSON.stringify(request.body) });
  return Buffer.from(await res.arrayBuffer());
}

async function* pieces(parts: Buffer[]) {
  for (const p of parts) yield new Uint8Array(p);
}

function project(e: AssistantMessageEvent): unknown {
  const { partial: _p, message: _m, error: _e, ...rest } = e as Record<string, unknown>;
  return structuredClone(rest);
}

async function decode(format: string, model: Model, parts: Buffer[]) {
  const out = new MessageAssembler(model);
  const raw: AssistantMessageEvent[] = [];
  const wire = APIS.find((c) => c.format === format)!.wire;
  for await (const e of decodeBytes(wire, pieces(parts), out, model)) raw.push(e);
  return { seen: mergeDeltas(raw).map(project), content: out.message.content, usage: out.message.usage };
}

describe.each(APIS)("$api decoding", (c) => {
  it("gives identical events for the body split at every byte boundary, with LF or CRLF framing", async () => {
    const model = modelFor(c, sim);
    const lf = bodies.get(c.format)!;
    // Gemini frames with CRLF already; the others are checked with CRLF framing too.
    const crlf = Buffer.from(lf.toString("utf8").replace(/\r?\n/g, "\r\n"), "utf8");
    const whole = await decode(c.format, model, [lf]);
    expect(whole.content.map((b) => b.type)).toEqual(["thinking", "text", "toolCall"]);
    expect(whole.content[2]).toMatchObject({ arguments: { path: "ünï/😀.txt" } });
    expect(whole.usage).toMatchObject({ input: 10, output: 7, cacheRead: 4 });
    expect(await decode(c.format, model, [crlf])).toEqual(whole);
    // Compared as JSON text: thousands of deep equality checks would make this test slow.
    const expected = JSON.stringify(whole);
    const mismatches: string[] = [];
    const check = async (name: string, body: Buffer, i: number) => {
      if (JSON.stringify(await decode(c.format, model, [body.subarray(0, i), body.subarray(i)])) !== expected)
        mismatches.push(`${name} split at byte ${i}`);
    };
    for (let i = 0; i <= lf.length; i++) await check("as sent", lf, i);
    // With CRLF framing what matters is a split next to a line break (between \r and \n above all).
    if (crlf.length !== lf.length) {
      for (let i = 0; i <= crlf.length; i++)
        if (crlf[i] === 13 || crlf[i] === 10 || crlf[i - 1] === 13 || i % 11 === 0) await check("CRLF", crlf, i);
    }
    expect(mismatches).toEqual([]);
    expect(
      await decode(
        c.format,
        model,
        [...lf].map((b) => Buffer.from([b])),
      ),
    ).toEqual(whole);
  });

  it("hands on every network read at once: one event per read gives one delta per fragment, with live arguments", async () => {
    const model = modelFor(c, sim);
    const body = bodies.get(c.format)!.toString("utf8");
    // Cut after every event's blank line, so each read holds exactly one SSE event.
    const reads = body.split(/(?<=\r?\n\r?\n)/).map((p) => Buffer.from(p, "utf8"));
    const out = new MessageAssembler(model);
    const seen: { type: string; delta: string; partial: AssistantMessage }[] = [];
    for await (const e of decodeBytes(c.wire, pieces(reads), out, model)) seen.push(JSON.parse(JSON.stringify(e)));
    const deltas = seen.filter((e) => e.type === "toolcall_delta");
    const fragments = Math.ceil(JSON.stringify(TURN.toolCalls[0]!.arguments).length / TURN.argsChunkSize);
    // Gemini sends a call whole, in one part.
    expect(deltas).toHaveLength(c.format === "gemini" ? 1 : fragments);
    expectLiveArguments(deltas, 2);
    expect(seen.filter((e) => e.type === "text_delta").length).toBe(Math.ceil([...TURN.text].length / TURN.chunkSize));
  });
});
