// npm run bench: start-up and end-to-end figures, printed as a table. Each case is a real process;
// peak RSS is reported by a preload (bench/rss-preload.mjs) from inside the measured process.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { makeProject, scenarioTurns } from "../test/support/scenario.mjs";
import { startSimulator } from "../test/support/simulator/index.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = join(root, "bin", "pi.js");
const preload = join(root, "bench", "rss-preload.mjs");
const runs = Number(process.env.BENCH_RUNS ?? 0);

// Async spawn: the simulator answering the measured process lives in this event loop.
function run(argv, opts) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { cwd: opts.cwd, env: opts.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

async function measure(name, n, argv, opts = {}) {
  const rssFile = join(mkdtempSync(join(tmpdir(), "pik-bench-")), "rss");
  const times = [];
  for (let i = 0; i < n; i++) {
    opts.before?.();
    const t0 = process.hrtime.bigint();
    const r = await run(["--import", preload, ...argv], {
      cwd: opts.cwd ?? root, env: { ...process.env, ...opts.env, BENCH_RSS_FILE: rssFile },
    });
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (r.status !== 0) throw new Error(`${name} failed (${r.status}): ${r.stderr}`);
    opts.check?.(r);
  }
  const rss = readFileSync(rssFile, "utf8").trim().split("\n").map(Number);
  rmSync(rssFile);
  times.sort((a, b) => a - b);
  return { name, n, min: times[0], median: times[Math.floor(n / 2)], max: times.at(-1), rssMB: Math.max(...rss) / 1024 };
}

const rows = [];
rows.push(await measure("node -e 0 (baseline)", runs || 15, ["-e", "0"]));
rows.push(await measure("pi --version", runs || 15, [bin, "--version"]));
rows.push(await measure("pi --help", runs || 10, [bin, "--help"]));

const sim = await startSimulator();
try {
  const { project, agentDir } = makeProject(sim.url);
  const file = join(project, "src", "app.js");
  const original = readFileSync(file, "utf8");
  rows.push(await measure("pi -p read→edit→bash→answer", runs || 7, [bin, "--provider", "sim", "--model", "sim-model", "-p", "Make the app say goodbye"], {
    cwd: project,
    env: { PI_CODING_AGENT_DIR: agentDir },
    before: () => {
      writeFileSync(file, original);
      sim.script(...scenarioTurns());
    },
    check: (r) => { if (!r.stdout.includes("goodbye")) throw new Error(`unexpected answer: ${r.stdout}`); },
  }));
} finally {
  await sim.close();
}

const fmt = (v) => v.toFixed(1).padStart(8);
console.log(`${"case".padEnd(32)} ${"runs".padStart(4)} ${"min ms".padStart(8)} ${"median".padStart(8)} ${"max ms".padStart(8)} ${"peak RSS MB".padStart(12)}`);
for (const r of rows) {
  console.log(`${r.name.padEnd(32)} ${String(r.n).padStart(4)} ${fmt(r.min)} ${fmt(r.median)} ${fmt(r.max)} ${r.rssMB.toFixed(1).padStart(12)}`);
}
