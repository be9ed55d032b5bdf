// Composing a different agent with its own pi-packages.json: the read-only reviewer in
// examples/read-only-agent refuses to edit, end to end; and editing a composition while the
// agent runs (RPC mode) recomposes it through the hot-reload path.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { simProjects } from "../support/sim-projects.js";
import { runCli } from "../support/run-cli.js";
import { RpcProcess } from "../support/rpc-process.js";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const READ_ONLY = join(REPO, "examples", "read-only-agent", "pi-packages.json");
const GREETER = join(REPO, "test", "fixtures", "pi-extensions", "greeter");

describe("composed agents", () => {
  const sims = simProjects();
  const project = () => sims.project();

  it("a read-only reviewer (own pi-packages.json) offers read and grep only, and refuses to edit", async () => {
    const p = project();
    const file = join(p.project, "src", "app.js");
    const before = readFileSync(file, "utf8");
    sims.sim.script(
      { toolCalls: [{ name: "edit", arguments: { path: "src/app.js", edits: [{ oldText: '"hello"', newText: '"bye"' }] } }] },
      { text: "I can only suggest: change hello to bye." },
    );
    const start = sims.sim.requests.length;
    const r = await runCli(["--packages", READ_ONLY, "--provider", "sim", "--model", "sim-model", "-p", "make it say bye"], {
      cwd: p.project,
      env: { PI_CODING_AGENT_DIR: p.agentDir },
    });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("I can only suggest: change hello to bye.\n");
    expect(readFileSync(file, "utf8")).toBe(before);
    const [first, second] = sims.sim.requests.slice(start).map((q) => q.body);
    expect(first.tools.map((t: { function: { name: string } }) => t.function.name).sort()).toEqual(["grep", "read"]);
    expect(first.messages[0].content).toContain("code-review");
    const refusal = second.messages.find((m: { role: string }) => m.role === "tool");
    expect(refusal.content).toMatch(/Tool "edit" not found/);
  });

  it("a trusted project's .pi/pi-packages.json composes its agent", async () => {
    const p = project();
    const plugins = ["models", "provider-openai-completions", "tools-core", "system-prompt", "mode-print", "pi-compat"].map((n) =>
      join(REPO, "plugins", n),
    );
    mkdirSync(join(p.project, ".pi"), { recursive: true });
    writeFileSync(join(p.project, ".pi", "pi-packages.json"), JSON.stringify({ packages: [...plugins, GREETER] }));
    const toolsWith = async (...extra: string[]) => {
      const start = sims.sim.requests.length;
      sims.sim.script({ text: "ok" });
      await runCli(["--provider", "sim", "--model", "sim-model", ...extra, "-p", "hi"], {
        cwd: p.project,
        env: { PI_CODING_AGENT_DIR: p.agentDir },
      });
      return sims.sim.requests[start].body.tools.map((t: { function: { name: string } }) => t.function.name) as string[];
    };
    expect(await toolsWith()).not.toContain("greet");
    expect(await toolsWith("--trust")).toContain("greet");
  });

  it("editing the composition mid-session recomposes the agent (RPC mode, hot reload)", async () => {
    const p = project();
    const composition = join(p.root, "pi-packages.json");
    const plugins = ["commands-core", "models", "provider-openai-completions", "tools-core", "system-prompt", "mode-rpc", "pi-compat"].map(
      (n) => join(REPO, "plugins", n),
    );
    writeFileSync(composition, JSON.stringify({ packages: plugins }));
    const rpc = new RpcProcess(["--packages", composition, "--provider", "sim", "--model", "sim-model", "--no-session"], {
      cwd: p.project,
      env: { PI_CODING_AGENT_DIR: p.agentDir },
    });
    try {
      const tools = async () => {
        const start = sims.sim.requests.length;
        sims.sim.script({ text: "ok" });
        await rpc.call({ type: "prompt", message: "which tools?" });
        await rpc.waitFor((e) => e.type === "agent_end", rpc.records.length - 1, 15_000).catch(() => undefined);
        await waitUntil(() => sims.sim.requests.length > start);
        return sims.sim.requests[start].body.tools.map((t: { function: { name: string } }) => t.function.name) as string[];
      };
      expect(await tools()).not.toContain("greet");
      writeFileSync(composition, JSON.stringify({ packages: [...plugins, GREETER] }));
      await waitUntil(
        async () => (await rpc.call({ type: "get_commands" })).data?.commands?.some((c: { name: string }) => c.name === "greeting"),
        15_000,
      );
      expect(await tools()).toContain("greet");
    } finally {
      await rpc.close();
    }
  }, 40_000);
});

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}
