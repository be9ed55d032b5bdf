// A limit in the interactive UI (issue 32 §1): the run stops at the turn boundary, the person is
// told which limit and that the session is saved, and their next message goes on with a fresh
// budget. The inline UI in a virtual terminal, the real limits plugin, the loopback simulator.
import { afterEach, expect, it } from "vitest";
import limits from "../../plugins/limits/index.js";
import { startUi, type UiHarness } from "./harness.js";

let h: UiHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

it("--max-turns stops a looping model, says so, and the next message continues the session", async () => {
  h = await startUi({ plugins: [limits], flags: { maxTurns: 2 } });
  const loop = { toolCalls: [{ name: "bash", arguments: { command: "echo again" } }] };
  h.sim.script(loop, loop);
  const before = h.sim.requests.length;
  await h.send("loop forever\r");
  await h.waitFor(/Stopped: max turns \(2\) reached\. The session is saved; send a message to continue\./);
  await h.kernel.agent.waitForIdle();
  expect(h.sim.requests.length - before).toBe(2);

  h.sim.script({ text: "Carrying on from where we stopped." });
  await h.send("go on\r");
  await h.waitFor(/Carrying on from where we stopped\./);
  // The second run sent the whole conversation, the first run's tool results included.
  const last = JSON.stringify(h.sim.requests.at(-1)?.body);
  expect(last).toContain("loop forever");
  expect(last).toContain("go on");
  expect(last.match(/again/g)?.length).toBeGreaterThanOrEqual(2);
});
