// Headless modes: RPC round-trip latency for get_state (pi-kernel and, for comparison, pi itself
// from the dev dependency) and events per second through --mode json.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { makeProject } from "../test/support/scenario.mjs";
import { startSimulator } from "../test/support/simulator/index.mjs";
import { PI_BIN, ROOT, stats } from "./measure.mjs";

export const title = "headless modes (RPC latency, JSON event throughput)";

const PI_REFERENCE = join(ROOT, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "cli.js");

export async function rows(runs) {
  const sim = await startSimulator();
  try {
    const { project, agentDir } = makeProject(sim.url);
    const env = { ...process.env, PI_CODING_AGENT_DIR: agentDir };
    const out = [await rpcLatency("pi-kernel rpc get_state round trip", PI_BIN, project, env, runs || 2000)];
    if (existsSync(PI_REFERENCE))
      out.push(await rpcLatency("pi 0.73.1 rpc get_state round trip", PI_REFERENCE, project, env, runs || 2000));
    out.push(await jsonThroughput(sim, project, env));
    return out;
  } finally {
    await sim.close();
  }
}

async function rpcLatency(name, cli, cwd, env, n) {
  const child = spawn(process.execPath, [cli, "--mode", "rpc", "--provider", "sim", "--model", "sim-model", "--no-session"], {
    cwd,
    env,
    stdio: ["pipe", "pipe", "inherit"],
  });
  let buffer = "";
  let waiting;
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (d) => {
    buffer += d;
    let at;
    while ((at = buffer.indexOf("\n")) !== -1) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      if (line.includes('"type":"response"')) waiting?.();
    }
  });
  const call = () =>
    new Promise((resolve) => {
      waiting = resolve;
      child.stdin.write('{"type":"get_state"}\n');
    });
  for (let i = 0; i < 50; i++) await call(); // start-up and warm-up
  const samples = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await call();
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  child.stdin.end();
  await new Promise((r) => child.on("exit", r));
  return { name, ...stats(samples), unit: "ms" };
}

async function jsonThroughput(sim, cwd, env) {
  // 4,000 deltas; every event carries the whole partial message, as pi's format does.
  const text = "word ".repeat(4000);
  sim.script({ text, chunkSize: 5 });
  const child = spawn(process.execPath, [PI_BIN, "--mode", "json", "--provider", "sim", "--model", "sim-model", "--no-session", "go"], {
    cwd,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let lines = 0;
  let first = 0n;
  let last = 0n;
  child.stdout.on("data", (d) => {
    const now = process.hrtime.bigint();
    if (!first) first = now;
    last = now;
    for (const byte of d) if (byte === 10) lines++;
  });
  await new Promise((r) => child.on("exit", r));
  const perSecond = lines / (Number(last - first) / 1e9);
  return { name: `--mode json events/s (${lines} events)`, n: 1, min: perSecond, median: perSecond, max: perSecond, unit: "ev/s" };
}
