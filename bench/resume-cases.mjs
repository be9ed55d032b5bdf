// What the resume benchmarks (resume-ab.mjs, resume-timeline.mjs) share: their command line, an
// agent dir whose one model is the loopback simulator, and the session cases run `-c -p hi` with the
// builds alternating run by run (a busy machine slows both alike), each run on the same pristine file.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSimulator } from "../test/support/simulator/index.mjs";
import { writeSession } from "./sessions.bench.mjs";

/** `--runs`, `--cases n:shape,...`, `--api` and `--base` from the command line. */
export function resumeOptions(defaults) {
  const args = process.argv.slice(2);
  const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  return {
    runs: Number(opt("--runs", defaults.runs)),
    cases: opt("--cases", defaults.cases)
      .split(",")
      .map((c) => c.split(":")),
    api: opt("--api", "openai-completions"),
    base: opt("--base", undefined),
  };
}

/**
 * A project folder under `root` for a session of `n` entries in `shape` (sessions.bench.mjs), and its
 * one session file in `agentDir`, where `-c` finds it; `reset()` puts the generated file back over
 * what the last run appended (each run resumes the same file).
 */
export function resumeProject(root, agentDir, n, shape) {
  const cwd = join(root, `resume-${n}-${shape}`);
  mkdirSync(cwd, { recursive: true });
  const dir = join(agentDir, "sessions", `--${cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`);
  mkdirSync(dir, { recursive: true });
  const pristine = join(root, `resume-${n}-${shape}.jsonl`);
  writeSession(pristine, Number(n), cwd, shape);
  const file = join(dir, "2026-01-01T00-00-00-000Z_01a1ff48-0000-7000-8000-000000000000.jsonl");
  return { cwd, reset: () => copyFileSync(pristine, file) };
}

/**
 * The simulator and a temp agent dir naming it as the model `sim/sim-model` for `api`; `env` is the
 * children's (NODE_EXTRA_CA_CERTS dropped: it costs every Node process the same ~30-90 ms at start).
 */
export async function resumeBench(api, prefix) {
  const sim = await startSimulator();
  const root = mkdtempSync(join(tmpdir(), prefix));
  const agentDir = join(root, "agent");
  mkdirSync(agentDir);
  // Chat completions' simulator route is under /v1; the others' are at the root (as in vs-pi.mjs).
  const baseUrl = api === "openai-completions" ? `${sim.url}/v1` : sim.url;
  const models = [{ id: "sim-model", name: "Simulated", contextWindow: 200000, maxTokens: 8192 }];
  writeFileSync(join(agentDir, "models.json"), JSON.stringify({ providers: { sim: { baseUrl, api, apiKey: "sim-key", models } } }));
  const { NODE_EXTRA_CA_CERTS: _, ...env } = process.env;
  env.PI_CODING_AGENT_DIR = agentDir;
  return {
    sim,
    root,
    env,
    async close() {
      await sim.close();
      rmSync(root, { recursive: true, force: true });
    },
    /**
     * `runs` rounds of `run(bin, cwd)` for each of `sides` (name → bin/pi.js) on a session of `n`
     * entries in `shape` (sessions.bench.mjs); the results by side. `beforeRound` is called first in each.
     */
    async alternate([n, shape], sides, runs, run, beforeRound = () => {}) {
      const { cwd, reset } = resumeProject(root, agentDir, n, shape);
      const results = Object.fromEntries(Object.keys(sides).map((s) => [s, []]));
      for (let i = 0; i < runs; i++) {
        beforeRound();
        for (const [side, bin] of Object.entries(sides)) {
          reset();
          sim.script({ text: "hi", usage: { input: 1000, output: 1 } }); // small usage: no compaction after it
          results[side].push(await run(bin, cwd));
          sim.requests.length = 0; // the simulator keeps every request; nothing here reads them
        }
      }
      return results;
    },
  };
}
