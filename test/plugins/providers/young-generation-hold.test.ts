// A stream holds V8's young generation at its size (lib/heap-kit) while its body is read, and lets
// go whatever way it ends: answered, cut mid-stream, aborted by the caller, or left by a consumer
// that stops early. A hold that leaked would keep the young generation small for the rest of the
// process (slower, not wrong), so the count must come back to zero every time.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

it("V8 refuses a code cache made outside a hold inside one: no image file may load while held", () => {
  // Two processes: within one, V8's in-memory compilation cache answers a second Script of the same
  // source without looking at the cached data at all.
  const dir = mkdtempSync(join(tmpdir(), "pik-yg-cache-"));
  try {
    const source = join(dir, "source.js");
    writeFileSync(source, `(function probe(n) { return n + ${Date.now()}; })`);
    const make = `const { Script } = require("node:vm"); const fs = require("node:fs");
fs.writeFileSync(${JSON.stringify(`${source}.cache`)}, new Script(fs.readFileSync(${JSON.stringify(source)}, "utf8")).createCachedData());`;
    const check = (held: boolean) => `const { Script } = require("node:vm"); const fs = require("node:fs");
${held ? 'require("node:v8").setFlagsFromString("--semi-space-growth-factor=1"); // what a hold sets' : ""}
const s = new Script(fs.readFileSync(${JSON.stringify(source)}, "utf8"), { cachedData: fs.readFileSync(${JSON.stringify(`${source}.cache`)}) });
process.stdout.write(String(s.cachedDataRejected));`;
    const node = (code: string) => spawnSync(process.execPath, ["-e", code], { encoding: "utf8" });
    expect(node(make).status).toBe(0);
    expect(node(check(false)).stdout).toBe("false");
    expect(node(check(true)).stdout).toBe("true");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe.each(APIS)("$api stream", (c) => {
  it("holds through a long stream's later reads and lets go when it is answered; a short one never holds", async () => {
    // Paced chunks: each arrives in a read of its own.
    sim.script({ text: "word ".repeat(60), chunkSize: 5, delayMs: 2 });
    const during: number[] = [];
    const long = await run(c, modelFor(c, sim), context(), {}, { settings: NO_RETRY }, (e) => {
      if (e.type === "text_delta") during.push(youngGenerationHolders());
    });
    expect(long.types.at(-1)).toBe("done");
    expect(during.at(0)).toBe(0);
    expect(during.at(-1)).toBe(1);
    expect(youngGenerationHolders()).toBe(0);

    sim.script({ text: "a short answer" });
    const short: number[] = [];
    await run(c, modelFor(c, sim), context(), {}, { settings: NO_RETRY }, () => short.push(youngGenerationHolders()));
    expect(short.every((n) => n === 0)).toBe(true);
  });

  it("lets go when the stream is cut, aborted, or its consumer stops early", async () => {
    sim.script({ text: "word ".repeat(60), chunkSize: 5, delayMs: 2, fault: { kind: "disconnect", afterChunks: 40 } });
    expect((await run(c, modelFor(c, sim))).types.at(-1)).toBe("error");
    expect(youngGenerationHolders()).toBe(0);

    sim.script({ text: "word ".repeat(60), chunkSize: 5, delayMs: 2 });
    const abort = new AbortController();
    const aborted = await run(c, modelFor(c, sim), context(), { signal: abort.signal }, { settings: NO_RETRY }, () => {
      if (youngGenerationHolders() === 1) abort.abort();
    });
    expect(aborted.types.at(-1)).toBe("error");
    expect(youngGenerationHolders()).toBe(0);

    sim.script({ text: "word ".repeat(60), chunkSize: 5, delayMs: 2 });
    let left = false;
    for await (const _ of runStream(c.wire, modelFor(c, sim), context(), { apiKey: "sk-test-key-123456" }, { settings: NO_RETRY })) {
      if (youngGenerationHolders() === 1) {
        left = true;
        break;
      }
    }
    expect(left).toBe(true);
    expect(youngGenerationHolders()).toBe(0);
  });
});
