// The trust question waits for a UI after boot. A session disposed (or a plugin reloaded) before
// any UI appears must end that wait quietly: it once polled on and touched the disposed plugin's
// api, an unhandled rejection in a long-lived process that embeds the SDK.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAgentSession } from "../../sdk/index.js";
import { makeProject } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
});

it("a session disposed while the trust question waits for a UI leaves no rejection behind", async () => {
  const { project, agentDir } = makeProject(sim.url);
  mkdirSync(join(project, ".pi", "extensions"), { recursive: true });
  writeFileSync(join(project, ".pi", "extensions", "planted.js"), "export default function () {}\n");
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on("unhandledRejection", onRejection);
  try {
    const session = await createAgentSession({ cwd: project, agentDir, model: "sim/sim-model", noSession: true });
    await session.dispose();
    // The wait polls every 100 ms: give it a few turns after the dispose.
    await new Promise((r) => setTimeout(r, 350));
  } finally {
    process.off("unhandledRejection", onRejection);
  }
  expect(rejections.map(String)).toEqual([]);
});
