// Third-party plugins import pi-kernel's public toolkits by name (`pi-kernel/tui`,
// `pi-kernel/provider-kit`, ...): a user's TypeScript plugin, loaded by the real CLI from the
// agent's extensions dir, uses two of them inside a tool the model calls.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProject } from "../support/scenario.mjs";
import { runCli } from "../support/run-cli.js";
import { type Simulator, startSimulator } from "../support/simulator/index.mjs";

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

const PLUGIN = `
import { definePlugin, Type } from "pi-kernel";
import { truncateToWidth, visibleWidth } from "pi-kernel/tui";
import { isContextOverflow } from "pi-kernel/provider-kit";
import { truncateTail } from "pi-kernel/tool-kit";

export default definePlugin({
  name: "kit-user",
  setup(api) {
    api.register.tool({
      name: "measure",
      description: "Measures text",
      parameters: Type.Object({ text: Type.String() }),
      async execute(_id, { text }) {
        const overflow = isContextOverflow({ stopReason: "error", errorMessage: "prompt is too long" } as never, 1000);
        const tail = truncateTail(text, { maxLines: 1, maxBytes: 1000 }).content;
        return { content: [{ type: "text", text: [visibleWidth(text), truncateToWidth(text, 4), overflow, tail].join(" | ") }] };
      },
    });
  },
});
`;

describe("public toolkits for third-party plugins", () => {
  it("a user plugin imports pi-kernel/tui, pi-kernel/provider-kit and pi-kernel/tool-kit", async () => {
    const { project, agentDir } = makeProject(sim.url);
    mkdirSync(join(agentDir, "extensions"), { recursive: true });
    writeFileSync(join(agentDir, "extensions", "kit-user.ts"), PLUGIN);
    sim.script({ toolCalls: [{ name: "measure", arguments: { text: "héllo wörld" } }] }, { text: "measured" });
    const start = sim.requests.length;
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "measure"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("measured\n");
    const results = sim.requests[start + 1]!.body.messages.filter((m: { role: string }) => m.role === "tool").map(
      (m: { content: string }) => m.content,
    );
    expect(results).toEqual(["11 | hél\u001b[0m…\u001b[0m | true | héllo wörld"]);
  });
});
