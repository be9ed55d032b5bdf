// A stream holds V8's young generation at its size (lib/heap-kit) while its body is read, and lets
// go whatever way it ends: answered, cut mid-stream, aborted by the caller, or left by a consumer
// that stops early. A hold that leaked would keep the young generation small for the rest of the
// process (slower, not wrong), so the count must come back to zero every time.
import { Script } from "node:vm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { holdYoungGeneration, youngGenerationHolders } from "../../../lib/heap-kit/index.js";
import { runStream } from "../../../lib/provider-kit/index.js";
import { startSimulator, type Simulator } from "../../support/simulator/index.mjs";
import { APIS, NO_RETRY, context, modelFor, run } from "./apis.js";

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator();
});
afterEach(async () => {
  await sim.close();
});

it("holds nest, and a release called twice counts once", () => {
  const before = youngGenerationHolders();
  const a = holdYoungGeneration();
  const b = holdYoungGeneration();
  expect(youngGenerationHolders()).toBe(before + 2);
  a();
  a();
  expect(youngGenerationHolders()).toBe(before + 1);
  b();
  expect(youngGenerationHolders()).toBe(before);
});

it("a code cache made outside a hold is accepted inside one (the image loads files mid-stream)", () => {
  const source = `(function probe(n) { return n + ${Date.now()}; })`;
  const cache = new Script(source).createCachedData();
  const release = holdYoungGeneration();
  try {
    expect(new Script(source, { cachedData: cache }).cachedDataRejected).toBe(false);
  } finally {
    release();
  }
});

describe.each(APIS)("$api stream", (c) => {
  it("holds while its events arrive and lets go when it is answered", async () => {
    sim.script({ text: "several words of an answer" });
    const during: number[] = [];
    const { types } = await run(c, modelFor(c, sim), context(), {}, { settings: NO_RETRY }, (e) => {
      if (e.type === "text_delta") during.push(youngGenerationHolders());
    });
    expect(types.at(-1)).toBe("done");
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((n) => n === 1)).toBe(true);
    expect(youngGenerationHolders()).toBe(0);
  });

  it("lets go when the stream is cut, aborted, or its consumer stops early", async () => {
    sim.script({ text: "cut short after a few words", fault: { kind: "disconnect", afterChunks: 3 } });
    expect((await run(c, modelFor(c, sim))).types.at(-1)).toBe("error");
    expect(youngGenerationHolders()).toBe(0);

    sim.script({ text: "aborted after its first words", delayMs: 20, chunkSize: 4 });
    const abort = new AbortController();
    const aborted = await run(c, modelFor(c, sim), context(), { signal: abort.signal }, { settings: NO_RETRY }, (e) => {
      if (e.type === "text_delta") abort.abort();
    });
    expect(aborted.types.at(-1)).toBe("error");
    expect(youngGenerationHolders()).toBe(0);

    sim.script({ text: "left by a consumer after one delta" });
    for await (const e of runStream(c.wire, modelFor(c, sim), context(), { apiKey: "sk-test-key-123456" }, { settings: NO_RETRY })) {
      if (e.type === "text_delta") break;
    }
    expect(youngGenerationHolders()).toBe(0);
  });
});
