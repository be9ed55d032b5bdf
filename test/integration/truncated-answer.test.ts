// An answer cut off by the output token limit (`stopReason: "length"`) may carry tool calls whose
// arguments were cut off too and still parse and validate (a path missing its last segment, a
// command missing its `&& rm -rf build` guard's other half). None of them runs; each fails with
// a message telling the model to send it again, as pi's current line does.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

describe("tool calls of an answer cut off by the token limit (spawned CLI)", () => {
  const sims = simProjects();

  for (const api of ["openai", "anthropic"] as const) {
    it(`are failed, not run, and the model is asked to send them again (${api} wire format)`, async () => {
      const { project, agentDir } = sims.project();
      const sim = sims.sim;
      const models = JSON.parse(readFileSync(join(agentDir, "models.json"), "utf8"));
      models.providers.ant = {
        baseUrl: sim.url,
        api: "anthropic-messages",
        apiKey: "ant-key",
        models: [{ id: "claude-sim", name: "Claude (simulated)", contextWindow: 200000, maxTokens: 8192 }],
      };
      writeFileSync(join(agentDir, "models.json"), JSON.stringify(models));
      sim.script(
        {
          toolCalls: [
            { name: "bash", arguments: { command: "touch ran-bash" } },
            { name: "write", arguments: { path: "ran-write.txt", content: "x" } },
          ],
          stopReason: "length",
        },
        { text: "understood" },
      );
      const start = sim.requests.length;
      const model = api === "openai" ? "sim/sim-model" : "ant/claude-sim";
      const r = await runCli(["--model", model, "-p", "go"], {
        cwd: project,
        env: { PI_CODING_AGENT_DIR: agentDir },
      });
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(r.stdout.trim()).toBe("understood");
      expect(existsSync(join(project, "ran-bash"))).toBe(false);
      expect(existsSync(join(project, "ran-write.txt"))).toBe(false);
      const followUp = JSON.stringify(sim.requests[start + 1].body);
      expect(followUp.match(/output token limit/g)?.length).toBe(2);
    });
  }
});
