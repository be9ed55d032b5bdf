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
import { existsSync } from "node:fs";
import { join } from "node:path";
import { GNU_TIME, PI_BIN, stats, timedNode } from "./measure.mjs";
import { resumeBench, resumeOptions } from "./resume-cases.mjs";

const { runs: RUNS, cases: CASES, api: API, base: BASE } = resumeOptions({ runs: 5, cases: "5000:never,100000:never" });
if (!BASE || !existsSync(BASE)) throw new Error("--base <path to another build's bin/pi.js> is required");
if (!existsSync(GNU_TIME)) throw new Error("GNU time (/usr/bin/time) is needed for CPU and RSS");
const SIDES = { base: BASE, this: PI_BIN };
const bench = await resumeBench(API, "pik-resume-ab-");
const { root, env } = bench;

async function run(bin, cwd) {
  const argv = [bin, "--provider", "sim", "--model", "sim-model", "-c", "-p", "hi"];
  const r = await timedNode(argv, { cwd, env, timeFile: join(root, "time.txt") });
  if (r.status !== 0 || !r.stdout.includes("hi")) throw new Error(`${bin} failed (${r.status}): ${r.stderr.slice(0, 500)}`);
  return { wall: r.wall, cpu: r.cpu, rss: r.rss, faults: r.faults };
}

try {
  for (const [n, shape] of CASES) {
    const results = await bench.alternate([n, shape], SIDES, RUNS, run);
    for (const [side, rs] of Object.entries(results)) {
      const med = (k) => stats(rs.map((r) => r[k])).median;
      console.log(
        `${Number(n).toLocaleString("en")} ${shape} (${API}) ${side}: wall ${med("wall").toFixed(0)} ms, CPU ${med("cpu").toFixed(0)} ms, peak RSS ${med("rss").toFixed(0)} MB, minor faults ${med("faults").toFixed(0)}`,
      );
    }
  }
} finally {
  await bench.close();
}
