// pi-compat hosts pi extensions ("pi-kernel": {"extensionHost": true}): a run whose plugins are
// all the install's own built-ins does not load it, and an extension dropped into the agent's
// extensions folder mid-session brings it in with the reload.
import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { recordLoads } from "../support/load-recorder.js";
import { RpcProcess } from "../support/rpc-process.js";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const GREETER = join(REPO, "test", "fixtures", "pi-extensions", "greeter");

describe("the extension host (pi-compat)", () => {
  const sims = simProjects();

  it("is not loaded by a run of built-ins only, and is by one with an extension", async () => {
    const p = sims.project();
    // From dist/ as ES modules (PI_KERNEL_IMAGE=0), where the recorder sees every file loaded.
    const loaded = async (extra: string[]) => {
      const loads = recordLoads(/\/dist\/plugins\//);
      sims.sim.script({ text: "done" });
      const r = await runCli(["--provider", "sim", "--model", "sim-model", "--no-session", ...extra, "-p", "hi"], {
        cwd: p.project,
        env: { PI_CODING_AGENT_DIR: p.agentDir, PI_KERNEL_IMAGE: "0", ...loads.env },
        timeoutMs: 30_000,
      });
      expect(r.stderr).toBe("");
      expect(r.stdout).toBe("done\n");
      return loads.urls().some((u) => u.includes("/dist/plugins/pi-compat/"));
    };
    expect(await loaded([])).toBe(false);
    expect(await loaded(["-e", GREETER])).toBe(true);
  });

  it("comes with an extension dropped into the extensions folder mid-session (RPC, hot reload)", async () => {
    const p = sims.project();
    const rpc = new RpcProcess(["--provider", "sim", "--model", "sim-model", "--no-session"], {
      cwd: p.project,
      env: { PI_CODING_AGENT_DIR: p.agentDir },
    });
    const greeting = async () =>
      ((await rpc.call({ type: "get_commands" })).data?.commands ?? []).some((c: { name: string }) => c.name === "greeting");
    try {
      expect(await greeting()).toBe(false);
      mkdirSync(join(p.agentDir, "extensions"), { recursive: true });
      cpSync(GREETER, join(p.agentDir, "extensions", "greeter"), { recursive: true });
      const end = Date.now() + 15_000;
      while (!(await greeting())) {
        if (Date.now() > end) throw new Error(`the extension did not load; stderr: ${rpc.stderr}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      // Its tool runs through pi's API, which only the host provides.
      const start = sims.sim.requests.length;
      sims.sim.script({ toolCalls: [{ name: "greet", arguments: { name: "Ada", style: "loud" } }] }, { text: "greeted" });
      await rpc.call({ type: "prompt", message: "greet Ada" });
      await rpc.waitFor((e) => e.type === "agent_end", 0, 15_000);
      const tool = sims.sim.requests
        .slice(start)
        .flatMap((q) => q.body.messages as { role: string; content: string }[])
        .find((m) => m.role === "tool");
      expect(tool?.content).toContain("HELLO, ADA (VIA GREETER)!");
    } finally {
      await rpc.close();
    }
  }, 40_000);
});
