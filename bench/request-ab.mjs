// `pi -p hi` A/B to the request: this checkout's build and another one (e.g. main's, built
// elsewhere), alternating run by run so a busy machine slows both alike. Each run carries
// bench/request-ab.preload.cjs (a plain --require: no V8 flag, so the image's code caches serve as
// in a normal run), which stamps the process's CPU (all threads) and uptime at its first outgoing
// connection: the request. GNU time gives the whole run's CPU (10 ms ticks) and peak RSS.
//
//   node bench/request-ab.mjs --base /path/to/other/bin/pi.js [--runs 21] [--files]
//
// --files instead prints, for this build only, each image file's medians over the runs: making its
// vm.Script (the code cache's deserialisation), its module body (self time, nested loads out) and,
// for a plugin, its setup() and its hooks' handlers (their synchronous part, nested calls
// included), the files a `pi -p hi` loads before its request, costliest first. A scavenge lands in
// whichever body is allocating when it comes (the same one run after run): a tiny file can show ms. Run it without
// NODE_EXTRA_CA_CERTS (`env -u NODE_EXTRA_CA_CERTS node bench/request-ab.mjs ...`) or drop it here.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { makeProject } from "../test/support/scenario.mjs";
import { startSimulator } from "../test/support/simulator/index.mjs";
import { PI_BIN, ROOT, stats, timedNode } from "./measure.mjs";

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const RUNS = Number(opt("--runs", 21));
const FILES = args.includes("--files");
const BASE = opt("--base", undefined);
if (!FILES && (!BASE || !existsSync(BASE))) throw new Error("--base <path to another build's bin/pi.js> is required");
const PRELOAD = join(ROOT, "bench", "request-ab.preload.cjs");
// --files --base X lists X's files instead of this build's.
const SIDES = FILES ? { this: BASE ?? PI_BIN } : { base: BASE, this: PI_BIN };
// --this-args "…": extra arguments for this side only (e.g. `--packages file` to measure a composition's bound).
const EXTRA = { base: [], this: (opt("--this-args", "") || "").split(" ").filter(Boolean) };

const sim = await startSimulator();
const { root, project, agentDir } = makeProject(sim.url);
const { NODE_EXTRA_CA_CERTS: _, ...env } = process.env;
env.PI_CODING_AGENT_DIR = agentDir;
const out = join(root, "request.json");
const timeOut = join(root, "time.txt");

async function run(bin, extra = []) {
  rmSync(out, { force: true });
  const argv = ["--require", PRELOAD, bin, "--provider", "sim", "--model", "sim-model", ...extra, "-p", "hi"];
  const env2 = { ...env, PI_REQUEST_AB_OUT: out, PI_REQUEST_AB_FILES: FILES ? "1" : "" };
  const r = await timedNode(argv, { cwd: project, env: env2, timeFile: timeOut });
  if (r.status !== 0 || !r.stdout.includes("hi")) throw new Error(`${bin} failed (${r.status}): ${r.stderr.slice(0, 500)}`);
  const req = JSON.parse(readFileSync(out, "utf8"));
  return { wall: r.wall, cpu: r.cpu, rss: r.rss, toRequest: req.cpu, uptime: req.uptime, files: req.files };
}

try {
  const results = Object.fromEntries(Object.keys(SIDES).map((s) => [s, []]));
  for (const side of Object.keys(SIDES)) {
    sim.script({ text: "hi", usage: { input: 1000, output: 1 } });
    await run(SIDES[side], EXTRA[side]); // a first run of each side writes any missing code cache
  }
  for (let i = 0; i < RUNS; i++) {
    for (const side of Object.keys(SIDES)) {
      sim.script({ text: "hi", usage: { input: 1000, output: 1 } });
      results[side].push(await run(SIDES[side], EXTRA[side]));
      sim.requests.length = 0;
    }
  }
  const med = (rs, k) => stats(rs.map((r) => r[k])).median;
  for (const [side, rs] of Object.entries(results))
    console.log(
      `pi -p hi ${side} (${rs.length} runs): CPU to the request ${med(rs, "toRequest").toFixed(1)} ms (uptime ${med(rs, "uptime").toFixed(1)}), GNU time CPU ${med(rs, "cpu").toFixed(0)} ms, wall ${med(rs, "wall").toFixed(0)} ms, peak RSS ${med(rs, "rss").toFixed(1)} MB`,
    );
  if (!FILES) {
    const diffs = results.this.map((r, i) => r.toRequest - results.base[i].toRequest);
    console.log(`median of paired differences (this - base), CPU to the request: ${stats(diffs).median.toFixed(1)} ms`);
  } else {
    const per = new Map();
    for (const r of results.this)
      for (const f of r.files) {
        const e = per.get(f.file) ?? { make: [], self: [], setup: [], hooks: [] };
        e.make.push(f.make);
        e.self.push(f.self);
        e.setup.push(f.setup ?? 0);
        e.hooks.push(f.hooks ?? 0);
        per.set(f.file, e);
      }
    const rows = [...per].map(([file, e]) => ({
      file: relative(join(SIDES.this, "..", "..", "dist", "image"), file),
      n: e.make.length,
      make: stats(e.make).median,
      self: stats(e.self).median,
      setup: stats(e.setup).median,
      hooks: stats(e.hooks).median,
    }));
    rows.sort((a, b) => b.make + b.self + b.setup + b.hooks - (a.make + a.self + a.setup + a.hooks));
    for (const r of rows)
      console.log(
        `${(r.make + r.self + r.setup + r.hooks).toFixed(2).padStart(7)} ms  make ${r.make.toFixed(2).padStart(6)}  body ${r.self.toFixed(2).padStart(6)}  setup ${r.setup.toFixed(2).padStart(6)}  hooks ${r.hooks.toFixed(2).padStart(6)}  ${r.n < RUNS ? `(${r.n}/${RUNS}) ` : ""}${r.file}`,
      );
    console.log(`${rows.length} files, sum ${rows.reduce((a, r) => a + r.make + r.self + r.setup + r.hooks, 0).toFixed(1)} ms`);
  }
} finally {
  await sim.close();
  rmSync(root, { recursive: true, force: true });
}
