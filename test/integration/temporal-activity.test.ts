// The Temporal example's Activity body (examples/temporal/pi-activity.ts) against the real CLI in
// RPC mode and the simulator: it heartbeats on events, turns the permission question into a call
// to askPermission (the workflow Signal in activities.ts), and returns the final answer.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type PermissionQuestion, runPiTask } from "../../examples/temporal/pi-activity.js";
import { PI_BIN } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

describe("Temporal example activity", () => {
  const env = simProjects();

  it("runs pi --mode rpc, heartbeats, and asks the permission question through its hook", async () => {
    const { project, agentDir } = env.project();
    env.sim.script({ toolCalls: [{ name: "write", arguments: { path: "note.txt", content: "approved\n" } }] }, { text: "written" });
    const questions: PermissionQuestion[] = [];
    const beats: string[] = [];
    const result = await runPiTask(
      {
        prompt: "write the note",
        cwd: project,
        command: [process.execPath, PI_BIN],
        args: ["--provider", "sim", "--model", "sim-model", "--permission-mode", "ask"],
        env: { PI_CODING_AGENT_DIR: agentDir },
      },
      {
        heartbeat: (d) => beats.push(d.event),
        askPermission: async (q) => {
          questions.push(q);
          return "Allow once";
        },
      },
    );
    expect(result).toEqual({ text: "written", turns: 2, stopReason: "stop" });
    expect(questions).toHaveLength(1);
    expect(questions[0].options).toContain("Allow once");
    expect(beats).toContain("tool_execution_end");
    expect(readFileSync(join(project, "note.txt"), "utf8")).toBe("approved\n");
  });
});
