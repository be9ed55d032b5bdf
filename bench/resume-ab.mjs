// Resume A/B without pi: `-c -p hi` on the generated session shapes (sessions.bench.mjs), this
// checkout's build and another one (e.g. main's, built elsewhere) alternating run by run, so a busy
// machine slows both alike. pi's own runs take 3-15 s each, which makes `vs-pi --only resume` slow
// for comparing two builds of pi-kernel; this measures the same processes, pi-kernel only.
//
//   node bench/resume-ab.mjs --base /path/to/other/bin/pi.js [--runs 5] [--cases 5000:never,100000:never]
//                            [--api openai-completions|anthropic-messages|openai-responses|google-generative-ai]
//
// Prints, per case and build, the medians of wall time, user+sys CPU, peak RSS and minor page faults
// (GNU time; the faults are the load-independent figure, see measure.mjs).
// NODE_EXTRA_CA_CERTS is dropped from the children's environment (it costs every Node process the
// same ~30-90 ms at start and is not part of what is compared).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSimulator } from "../test/support/simulator/index.mjs";
import { GNU_TIME, PI_BIN, stats, timedNode } from "./measure.mjs";
import { writeSession } from "./sessions.bench.mjs";

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const RUNS = Number(opt("--runs", 5));
const CASES = opt("--cases", "5000:never,100000:never")
  .split(",")
  .map((c) => c.split(":"));
const API = opt("--api", "openai-completions");
const BASE = opt("--base", undefined);
if (!BASE || !existsSync(BASE)) throw new Error("--base <path to another build's bin/pi.js> is required");
if (!existsSync(GNU_TIME)) throw new Error("GNU time (/usr/bin/time) is needed for CPU and RSS");
const SIDES = { base: BASE, this: PI_BIN };

const sim = await startSimulator();
const root = mkdtempSync(join(tmpdir(), "pik-resume-ab-"));
const agentDir = join(root, "agent");
mkdirSync(agentDir);
// Chat completions' simulator route is under /v1; the others' are at the root (as in vs-pi.mjs).
const baseUrl = API === "openai-completions" ? `${sim.url}/v1` : sim.url;
const models = [{ id: "sim-model", name: "Simulated", contextWindow: 200000, maxTokens: 8192 }];
writeFileSync(join(agentDir, "models.json"), JSON.stringify({ providers: { sim: { baseUrl, api: API, apiKey: "sim-key", models } } }));
const { NODE_EXTRA_CA_CERTS: _, ...env } = process.env;
env.PI_CODING_AGENT_DIR = agentDir;

async function run(bin, cwd) {
  const argv = [bin, "--provider", "sim", "--model", "sim-model", "-c", "-p", "hi"];
  const r = await timedNode(argv, { cwd, env, timeFile: join(root, "time.txt") });
  if (r.status !== 0 || !r.stdout.includes("hi")) throw new Error(`${bin} failed (${r.status}): ${r.stderr.slice(0, 500)}`);
  return { wall: r.wall, cpu: r.cpu, rss: r.rss, faults: r.faults };
}

try {
  for (const [n, shape] of CASES) {
    const cwd = join(root, `resume-${n}-${shape}`);
    const dir = join(agentDir, "sessions", `--${cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`);
    mkdirSync(dir, { recursive: true });
    mkdirSync(cwd);
    const pristine = join(root, `${n}-${shape}.jsonl`);
    writeSession(pristine, Number(n), cwd, shape);
    const file = join(dir, "2026-01-01T00-00-00-000Z_01a1ff48-0000-7000-8000-000000000000.jsonl");
    const results = { base: [], this: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const side of Object.keys(SIDES)) {
        copyFileSync(pristine, file); // each run resumes the same file
        sim.script({ text: "hi", usage: { input: 1000, output: 1 } }); // small usage: no compaction after it
        results[side].push(await run(SIDES[side], cwd));
        sim.requests.length = 0; // the simulator keeps every request; nothing here reads them
      }
    }
    for (const [side, rs] of Object.entries(results)) {
      const med = (k) => stats(rs.map((r) => r[k])).median;
      console.log(
        `${Number(n).toLocaleString("en")} ${shape} (${API}) ${side}: wall ${med("wall").toFixed(0)} ms, CPU ${med("cpu").toFixed(0)} ms, peak RSS ${med("rss").toFixed(0)} MB, minor faults ${med("faults").toFixed(0)}`,
      );
    }
  }
} finally {
  await sim.close();
  rmSync(root, { recursive: true, force: true });
}
