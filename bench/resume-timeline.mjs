// Where a `-c -p hi` resume's time goes, by phase: the start (to the session file's open), the
// resume (open → the request's connect: decoding, context, hooks, the body), the server (connect →
// the answer's first byte: upload, the simulator's parse) and the end (→ exit). Per phase: wall,
// CPU over all threads, minor page faults, and V8's collection pauses on the main thread (the
// preload, resume-timeline.preload.cjs, stamps them from outside). This checkout's build, or it and
// another alternating run by run (--base) so a busy machine slows both alike.
//
//   node bench/resume-timeline.mjs [--base /path/to/other/bin/pi.js] [--runs 11] [--cases 5000:never,2:never]
//                                  [--api openai-completions|anthropic-messages|openai-responses|google-generative-ai]
//
// Prints medians per case, build and phase. Session shapes as in resume-ab.mjs (sessions.bench.mjs);
// NODE_EXTRA_CA_CERTS is dropped from the children's environment. A V8 flag in NODE_OPTIONS would
// make the image refuse its code caches: run it with none.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { GNU_TIME, PI_BIN, ROOT, stats, timedNode } from "./measure.mjs";
import { resumeBench, resumeOptions } from "./resume-cases.mjs";

const { runs: RUNS, cases: CASES, api: API, base: BASE } = resumeOptions({ runs: 11, cases: "5000:never,2:never" });
if (BASE !== undefined && !existsSync(BASE)) throw new Error(`--base ${BASE}: no such file`);
if (!existsSync(GNU_TIME)) throw new Error("GNU time (/usr/bin/time) is needed for CPU and faults");
const SIDES = BASE ? { base: BASE, this: PI_BIN } : { this: PI_BIN };
const PRELOAD = join(ROOT, "bench", "resume-timeline.preload.cjs");
const PHASES = [
  ["start", "preload", "open"],
  ["resume", "open", "connect"],
  ["server", "connect", "data"],
  ["end", "data", "exit"],
];

const bench = await resumeBench(API, "pik-resume-timeline-");
const { root, env } = bench;
const marksFile = join(root, "marks.jsonl");

async function run(bin, cwd) {
  rmSync(marksFile, { force: true });
  const argv = ["--require", PRELOAD, bin, "--provider", "sim", "--model", "sim-model", "-c", "-p", "hi"];
  const r = await timedNode(argv, { cwd, env: { ...env, PI_RESUME_TIMELINE_OUT: marksFile }, timeFile: join(root, "time.txt") });
  if (r.status !== 0 || !r.stdout.includes("hi")) throw new Error(`${bin} failed (${r.status}): ${r.stderr.slice(0, 500)}`);
  const { marks, gc } = JSON.parse(readFileSync(marksFile, "utf8"));
  const row = { wall: r.wall, cpu: r.cpu, faults: r.faults };
  for (const [name, from, to] of PHASES) {
    if (!marks[from] || !marks[to]) continue;
    row[`${name}.wall`] = marks[to].at - marks[from].at;
    row[`${name}.cpu`] = marks[to].cpu - marks[from].cpu;
    row[`${name}.faults`] = marks[to].faults - marks[from].faults;
    row[`${name}.gc`] = gc[to] ?? 0;
  }
  return row;
}

const loads = [];
try {
  for (const [n, shape] of CASES) {
    const results = await bench.alternate([n, shape], SIDES, RUNS, run, () => loads.push(loadavg()[0]));
    for (const [side, rows] of Object.entries(results)) {
      const med = (k) => stats(rows.map((r) => r[k] ?? 0)).median;
      const phases = PHASES.map(
        ([name]) =>
          `${name} ${med(`${name}.wall`).toFixed(0)} ms (CPU ${med(`${name}.cpu`).toFixed(0)}, faults ${med(`${name}.faults`).toFixed(0)}, GC ${med(`${name}.gc`).toFixed(1)})`,
      );
      console.log(
        `${Number(n).toLocaleString("en")} ${shape} (${API}) ${side}, ${rows.length} runs: wall ${med("wall").toFixed(0)} ms, CPU ${med("cpu").toFixed(0)} ms, faults ${med("faults").toFixed(0)}`,
      );
      console.log(`  ${phases.join("; ")}`);
    }
  }
  const sorted = [...loads].sort((a, b) => a - b);
  console.log(`load average (1 min) over the runs: ${sorted[0].toFixed(2)}–${sorted.at(-1).toFixed(2)}`);
} finally {
  await bench.close();
}
