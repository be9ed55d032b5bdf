// MCP start-up cost (issue 17): what two configured stdio servers (server-everything and
// server-filesystem) add to `pi -p`'s first model request, next to the servers' own start; and
// that no configured server adds nothing (the mcp plugins loaded but idle, against a composition
// that excludes them). The target: added ≤ own start; none − excluded ≈ 0.
//
// - The servers' own start: both spawned at once (as the agent starts them) and spoken to in
//   raw JSON-RPC over stdio, with no SDK and nothing else in the measuring process: spawn,
//   `initialize`, then `tools/list` (and `prompts/list` where offered), which is what the agent
//   needs before its first request. This is the servers' time alone, a lower bound for any client.
// - The agent: the time from spawning `node bin/pi.js -p` to the simulator receiving the first
//   request, and to the process's exit. The cases alternate run by run, so a busy machine slows
//   them alike; medians are compared. With it, the CPU time (user + system) of the agent's own
//   process (not the servers'): the work the mcp plugin adds to start-up, which on a busy
//   machine is steadier than wall time.
import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeProject } from "../test/support/scenario.mjs";
import { startSimulator } from "../test/support/simulator/index.mjs";
import { PI_BIN, ROOT, runProcess, stats } from "./measure.mjs";

export const title = "MCP servers at start-up (pi -p: to the first request, to exit)";

const BIN = join(ROOT, "node_modules", ".bin");
/** Preloaded into the agent: writes its CPU time (ms) to BENCH_CPU_FILE at exit. */
const CPU_PRELOAD = `data:text/javascript,${encodeURIComponent(
  'import{writeFileSync}from"node:fs";process.on("exit",()=>{const u=process.cpuUsage();writeFileSync(process.env.BENCH_CPU_FILE,String((u.user+u.system)/1e3))})',
)}`;
const SERVERS = {
  everything: { command: join(BIN, "mcp-server-everything") },
  filesystem: { command: join(BIN, "mcp-server-filesystem"), args: [ROOT] },
};

export async function rows(runs) {
  const n = runs || 10;
  const sim = await startSimulator();
  const { root, project, agentDir } = makeProject(sim.url);
  const mcpFile = join(agentDir, "mcp.json");
  const excluding = join(root, "no-mcp.json");
  writeFileSync(excluding, JSON.stringify({ extends: "default", exclude: ["@pi-kernel/mcp", "@pi-kernel/mcp-commands"] }));
  const cpuFile = join(root, "cpu");
  const argv = ["--import", CPU_PRELOAD, PI_BIN, "--provider", "sim", "--model", "sim-model", "--no-session", "-p", "Say hi"];
  const cases = {
    excluded: { argv: [...argv, "--packages", excluding], servers: false },
    none: { argv, servers: false },
    two: { argv, servers: true },
  };
  const own = [];
  const first = { excluded: [], none: [], two: [] };
  const exit = { excluded: [], none: [], two: [] };
  const cpu = { excluded: [], none: [], two: [] };
  try {
    for (let i = 0; i < n; i++) {
      own.push(await serversOwnStart(Object.values(SERVERS)));
      for (const [name, c] of Object.entries(cases)) {
        if (c.servers) writeFileSync(mcpFile, JSON.stringify({ mcpServers: SERVERS }));
        else rmSync(mcpFile, { force: true });
        const env = { ...process.env, PI_CODING_AGENT_DIR: agentDir, BENCH_CPU_FILE: cpuFile };
        const r = await timeToFirstRequest(sim, c.argv, { cwd: project, env });
        first[name].push(r.first);
        exit[name].push(r.exit);
        cpu[name].push(Number(readFileSync(cpuFile, "utf8")));
      }
    }
  } finally {
    await sim.close();
    rmSync(root, { recursive: true, force: true });
  }
  const row = (name, samples) => ({ name, ...stats(samples), unit: "ms" });
  const median = (samples) => stats(samples).median;
  const added = median(first.two) - median(first.none);
  const idle = median(first.none) - median(first.excluded);
  const over = added - median(own);
  return [
    row("servers' own start (both at once, raw)", own),
    row("mcp excluded: first request", first.excluded),
    row("no server configured: first request", first.none),
    row("two stdio servers: first request", first.two),
    row("mcp excluded: exit", exit.excluded),
    row("no server configured: exit", exit.none),
    row("two stdio servers: exit", exit.two),
    row("mcp excluded: agent CPU", cpu.excluded),
    row("no server configured: agent CPU", cpu.none),
    row("two stdio servers: agent CPU", cpu.two),
    { name: "added by two servers (two − none)", n, median: added, unit: "ms" },
    { name: `verdict: added − own (≤ 0): ${over <= 0 ? "holds" : "over"}`, n, median: over, unit: "ms" },
    { name: "no server: none − excluded (≈ 0)", n, median: idle, unit: "ms" },
  ];
}

/** Runs `node argv` once; ms from spawn to the simulator's first request, and to exit. */
async function timeToFirstRequest(sim, argv, opts) {
  let first;
  const t0 = process.hrtime.bigint();
  sim.script(() => {
    first = Number(process.hrtime.bigint() - t0) / 1e6;
    return { text: "hi" };
  });
  const r = await runProcess(argv, opts);
  const exit = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0 || !r.stdout.includes("hi") || first === undefined) {
    throw new Error(`pi -p failed (${r.status}): ${r.stdout}${r.stderr}`);
  }
  return { first, exit };
}

/** Spawns the servers together and has each answer initialize and its lists; ms until all have. */
async function serversOwnStart(configs) {
  const t0 = process.hrtime.bigint();
  const children = configs.map((c) => spawn(c.command, c.args ?? [], { stdio: ["pipe", "pipe", "ignore"] }));
  try {
    await Promise.all(children.map(handshake));
    return Number(process.hrtime.bigint() - t0) / 1e6;
  } finally {
    for (const child of children) child.kill();
  }
}

/** initialize, then tools/list and (when offered) prompts/list, in newline-delimited JSON-RPC. */
function handshake(child) {
  return new Promise((resolve, reject) => {
    const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    const waiting = new Set();
    let buffer = "";
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`server exited (${code}) during the handshake`)));
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      for (let nl = buffer.indexOf("\n"); nl !== -1; nl = buffer.indexOf("\n")) {
        const message = JSON.parse(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        if (message.error) return reject(new Error(JSON.stringify(message.error)));
        if (message.id === 1) {
          send({ method: "notifications/initialized" });
          send({ id: 2, method: "tools/list" });
          waiting.add(2);
          if (message.result.capabilities?.prompts) {
            send({ id: 3, method: "prompts/list" });
            waiting.add(3);
          }
        } else if (waiting.delete(message.id) && waiting.size === 0) resolve();
      }
    });
    send({
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "pi-kernel-bench", version: "0" } },
    });
  });
}
