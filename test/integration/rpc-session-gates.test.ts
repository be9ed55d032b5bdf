// RPC's session commands (new_session, switch_session, fork, clone) ask the same gates as the
// user's commands: here a pi extension's session_before_switch vetoes new_session.
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProject } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";
import { RpcProcess } from "../support/rpc-process.js";

const EXT = fileURLToPath(new URL("../fixtures/pi-extensions/session-events.ts", import.meta.url));

describe("RPC session commands and extensions' session gates (spawned CLI)", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  const start = (plan: Record<string, unknown>) => {
    const { project, agentDir } = makeProject(sim.url);
    return new RpcProcess(["--provider", "sim", "--model", "sim-model", "-e", EXT], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir, PI_SESSION_PLAN: JSON.stringify(plan) },
    });
  };

  it("new_session is cancelled by the extension and the session stays; without the veto it switches", async () => {
    let rpc = start({ cancelSwitch: true });
    const id = (await rpc.call({ type: "get_state" })).data.sessionId;
    expect((await rpc.call({ type: "new_session" })).data).toEqual({ cancelled: true });
    expect((await rpc.call({ type: "get_state" })).data.sessionId).toBe(id);
    expect(await rpc.close()).toBe(0);

    rpc = start({});
    const before = (await rpc.call({ type: "get_state" })).data.sessionId;
    expect((await rpc.call({ type: "new_session" })).data).toEqual({ cancelled: false });
    expect((await rpc.call({ type: "get_state" })).data.sessionId).not.toBe(before);
    expect(await rpc.close()).toBe(0);
  });
});
