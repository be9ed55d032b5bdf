// MCP start-up cost: `pi -p` against the simulator (whole process, to the first request's answer)
// with no MCP server configured and with two stdio servers (server-everything and
// server-filesystem), next to the servers' own start time (spawn, initialize and list tools with
// the SDK client, alone and both at once). The target: two servers add no more than their own
// start time; none adds nothing.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { makeProject } from "../test/support/scenario.mjs";
import { startSimulator } from "../test/support/simulator/index.mjs";
import { measureProcess, PI_BIN, ROOT, stats } from "./measure.mjs";

export const title = "MCP servers at start-up (pi -p to the first answer)";

const BIN = join(ROOT, "node_modules", ".bin");
const SERVERS = {
  everything: { command: join(BIN, "mcp-server-everything") },
  filesystem: { command: join(BIN, "mcp-server-filesystem"), args: [ROOT] },
};

export async function rows(runs) {
  const n = runs || 10;
  const out = [];
  for (const [name, config] of Object.entries(SERVERS))
    out.push(await serverStart(`${name}: spawn + initialize + list (SDK client)`, [config], n));
  // Both at once, as the agent starts them: on a 2-core machine they compete for the CPU.
  out.push(await serverStart("both together: spawn + initialize + list", Object.values(SERVERS), n));
  const sim = await startSimulator();
  try {
    const { project, agentDir } = makeProject(sim.url);
    const argv = [PI_BIN, "--provider", "sim", "--model", "sim-model", "--no-session", "-p", "Say hi"];
    const opts = {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
      before: () => sim.script({ text: "hi" }),
      check: (r) => {
        if (!r.stdout.includes("hi")) throw new Error(`unexpected answer: ${r.stdout}`);
      },
    };
    out.push(await measureProcess("pi -p, no MCP server configured", n, argv, opts));
    writeFileSync(join(agentDir, "mcp.json"), JSON.stringify({ mcpServers: SERVERS }));
    out.push(await measureProcess("pi -p, two stdio MCP servers", n, argv, opts));
  } finally {
    await sim.close();
  }
  return out;
}

/** Spawn the servers, complete the MCP handshakes and list their tools in parallel, as a client would; then close them. */
async function serverStart(name, configs, n) {
  const samples = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    const clients = await Promise.all(
      configs.map(async (config) => {
        const client = new Client({ name: "pi-kernel-bench", version: "0" });
        await client.connect(new StdioClientTransport({ ...config, stderr: "ignore" }));
        // What the agent needs before its first request: the tool (and prompt) lists.
        await Promise.all([client.listTools(), client.getServerCapabilities()?.prompts ? client.listPrompts() : undefined]);
        return client;
      }),
    );
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
    await Promise.all(clients.map((c) => c.close()));
  }
  return { name, ...stats(samples), unit: "ms" };
}
