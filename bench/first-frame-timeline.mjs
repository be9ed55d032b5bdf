// Where an interactive start spends its time up to the first frame, in both UIs, this build
// against another (PI_BASE_CLI, e.g. main's build at /tmp/base-main/bin/pi.js), alternated run by
// run so a busy machine slows both alike:
//
//   node bench/first-frame-timeline.mjs [--runs N] [--ui inline|fullscreen|both]
//
// Each start runs in a script(1) pseudo-terminal as bench/vs-pi.mjs runs it, with
// bench/first-frame-timeline.preload.cjs stamping process.uptime() and the process's CPU at Node's
// start being over, the UI's modules, the frame's module and the first frame's bytes. Prints the
// medians of each phase (CPU, wall and minor page faults) per side. Run it without NODE_EXTRA_CA_CERTS (~95 ms of every
// Node start in this environment): `env -u NODE_EXTRA_CA_CERTS node bench/first-frame-timeline.mjs`.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeProject } from "../test/support/scenario.mjs";
import { startSimulator } from "../test/support/simulator/index.mjs";
import { PI_BIN, ROOT, stats } from "./measure.mjs";

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const RUNS = Number(opt("--runs", 7));
const UIS = { inline: [], fullscreen: ["--ui", "fullscreen"] };
const uis = opt("--ui", "both") === "both" ? Object.keys(UIS) : [opt("--ui", "both")];
const PRELOAD = join(ROOT, "bench", "first-frame-timeline.preload.cjs");
const SIDES = { this: PI_BIN, ...(process.env.PI_BASE_CLI ? { base: process.env.PI_BASE_CLI } : {}) };
const PHASES = [
  ["node", null, "preload"],
  ["boot", "preload", "ui"],
  ["ui modules + app", "ui", "frame-module"],
  ["frame module + first draw", "frame-module", "frame"],
  ["total", null, "frame"],
];

/**
 * One start: the preload's marks, or undefined when no frame came within 20 s. `linger` keeps it
 * running after its frame: the image writes the code caches of files it had none for 1.5 s after
 * the frame (or at exit), so a side's first start warms them as a bench/vs-pi.mjs start does.
 */
function start(cli, ui, { cwd, env }, linger = 0) {
  const out = join(tmpdir(), `pik-timeline-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  const argv = [process.execPath, "--require", PRELOAD, cli, "--provider", "sim", "--model", "sim-model", ...UIS[ui]];
  const child = spawn("script", ["-qfec", argv.join(" "), "/dev/null"], {
    cwd,
    env: { ...process.env, ...env, PI_TIMELINE_OUT: out, TERM: "xterm-256color", COLUMNS: "100", LINES: "30" },
    stdio: ["pipe", "pipe", "ignore"],
  });
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      const marks = existsSync(out) ? JSON.parse(readFileSync(out, "utf8")) : undefined;
      rmSync(out, { force: true });
      resolve(marks);
    };
    const timer = setTimeout(finish, 20_000);
    let text = "";
    let finishing = false;
    child.stdout.on("data", (d) => {
      text += d;
      // The preload writes its file before the frame's bytes leave the agent.
      if (text.includes("─") && !finishing) {
        finishing = true;
        setTimeout(finish, linger);
      }
    });
  });
}

function phase(marks, from, to) {
  const at = (name) => marks.find((m) => m.name === name);
  const [a, b] = [from ? at(from) : { uptime: 0, cpu: 0 }, at(to)];
  return a && b ? { wall: b.uptime - a.uptime, cpu: b.cpu - a.cpu, faults: (b.faults ?? 0) - (a.faults ?? 0) } : undefined;
}

async function main() {
  const sim = await startSimulator();
  const { project, agentDir } = makeProject(sim.url);
  const opts = { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } };
  try {
    for (const ui of uis) {
      const samples = Object.fromEntries(Object.keys(SIDES).map((s) => [s, []]));
      for (const cli of Object.values(SIDES)) await start(cli, ui, opts, 2_500);
      for (let i = 0; i < RUNS; i++) {
        for (const [side, cli] of Object.entries(SIDES)) {
          const marks = await start(cli, ui, opts);
          if (marks) samples[side].push(marks);
        }
      }
      console.log(`\n${ui}: medians of ${RUNS} alternated starts (ms; CPU of all threads, wall from process.uptime())`);
      const sides = Object.keys(SIDES);
      console.log(["phase", ...sides.flatMap((s) => [`${s} CPU`, `${s} wall`, `${s} faults`])].join(" | "));
      for (const [name, from, to] of PHASES) {
        const cells = sides.flatMap((s) => {
          const got = samples[s].map((m) => phase(m, from, to)).filter(Boolean);
          const med = (k) => (got.length ? stats(got.map((g) => g[k])).median.toFixed(1) : "–");
          return [med("cpu"), med("wall"), got.length ? String(stats(got.map((g) => g.faults)).median) : "–"];
        });
        console.log([name, ...cells].join(" | "));
      }
      if (samples.this.length === RUNS && samples.base?.length === RUNS) {
        // Run i of each side ran back to back: the median of their differences cancels most of the machine's drift.
        const paired = (k) =>
          stats(samples.this.map((m, i) => phase(m, null, "frame")[k] - phase(samples.base[i], null, "frame")[k])).median.toFixed(1);
        console.log(
          `total, this − base (median of paired differences): CPU ${paired("cpu")} | wall ${paired("wall")} | faults ${paired("faults")}`,
        );
      }
    }
  } finally {
    await sim.close();
  }
}

await main();
