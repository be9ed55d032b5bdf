// A/B of whole `pi -p` runs on the full-size 200,000-token stream, builds alternated run by run in
// one process (the machine's drift then hits every side alike). Each side is a CLI path, with
// Node flags after it separated by colons; per side and API it prints the medians of CPU
// (user+sys of the process tree), system time, wall, peak RSS and minor page faults (GNU time).
//
//   env -u NODE_EXTRA_CA_CERTS node bench/stream-ab.mjs 7 responses,openai /tmp/base-main/bin/pi.js bin/pi.js
//   env -u NODE_EXTRA_CA_CERTS node bench/stream-ab.mjs 5 gemini bin/pi.js bin/pi.js:--max-semi-space-size=4
//
// WORDS=3 makes the answer three words (what a side's start-up costs on its own).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { makeProject } from "../test/support/scenario.mjs";
import { startSimulator } from "../test/support/simulator/index.mjs";
import { stats } from "./measure.mjs";

const APIS = {
  openai: "openai-completions",
  anthropic: "anthropic-messages",
  responses: "openai-responses",
  gemini: "google-generative-ai",
};
const [runs = "5", apis = "responses", ...sides] = process.argv.slice(2);
if (sides.length === 0) throw new Error("usage: stream-ab.mjs <runs> <api,api> <cli[:flag...]> [<cli[:flag...]> ...]");

/** One run under GNU time; stdin closed (print mode would wait on an open one). */
function timed(argv, opts) {
  return new Promise((done) => {
    const child = spawn("/usr/bin/time", ["-f", "%e %U %S %M %R", ...argv], { ...opts, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("close", () => done({ stdout, stderr }));
  });
}

const sim = await startSimulator();
const root = mkdtempSync(join(tmpdir(), "pik-stream-ab-"));
const { project } = makeProject(sim.url);
const dirs = {};
for (const [api, name] of Object.entries(APIS)) {
  dirs[api] = join(root, api);
  mkdirSync(dirs[api]);
  const model = { id: "sim-model", name: "Simulated", contextWindow: 200000, maxTokens: 8192 };
  writeFileSync(
    join(dirs[api], "models.json"),
    JSON.stringify({ providers: { sim: { baseUrl: sim.url, api: name, apiKey: "k", models: [model] } } }),
  );
}
const words = Number(process.env.WORDS ?? 200_000);
const results = new Map();
for (let i = 0; i < Number(runs); i++)
  for (const api of apis.split(","))
    for (const side of sides) {
      const [cli, ...flags] = side.split(":");
      sim.script({ text: "word ".repeat(words), chunkSize: 5, usage: { input: 10, output: words }, fullEvents: true });
      const argv = [
        process.execPath,
        ...flags.filter(Boolean),
        resolve(cli),
        "--provider",
        "sim",
        "--model",
        "sim-model",
        "--no-session",
        "-p",
        "long",
      ];
      const r = await timed(argv, { cwd: project, env: { ...process.env, PI_CODING_AGENT_DIR: dirs[api] } });
      if (!r.stdout.includes("word word")) throw new Error(`${side} on ${api}: ${r.stderr.slice(-500)}`);
      const [wall, user, sys, rssKb, faults] = r.stderr.trim().split("\n").at(-1).split(" ").map(Number);
      const key = `${api} ${side}`;
      if (!results.has(key)) results.set(key, []);
      results.get(key).push({ cpu: (user + sys) * 1000, sys: sys * 1000, wall: wall * 1000, rss: rssKb / 1024, faults });
    }
const med = (list, k) => Math.round(stats(list.map((r) => r[k])).median);
for (const [key, list] of results)
  console.log(
    `${key.padEnd(50)} CPU ${med(list, "cpu")} ms, sys ${med(list, "sys")}, wall ${med(list, "wall")}, RSS ${med(list, "rss")} MB, faults ${med(list, "faults")}; CPU of each: ${list.map((r) => Math.round(r.cpu)).join(", ")}`,
  );
await sim.close?.();
process.exit(0);
