#!/usr/bin/env node
// Runs the simulator as its own process, for benches and spawned agents:
//   node test/support/simulator/serve.mjs [--port N] [--script turns.json]
// Prints one JSON line `{"url": ...}` when listening. More turns can be queued with
// `POST /__sim/script` (a JSON array of turns); `GET /__sim/requests` lists what it received.
import { readFileSync } from "node:fs";
import { startSimulator } from "./index.mjs";

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

const port = option("--port");
const script = option("--script");
const sim = await startSimulator({ port: port ? Number(port) : 0 });
if (script) sim.script(...JSON.parse(readFileSync(script, "utf8")));
process.stdout.write(`${JSON.stringify({ url: sim.url })}\n`);

const stop = () => sim.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
