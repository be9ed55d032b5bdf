// `pi run` (the result contract: workspace snapshot, events.jsonl, changes.patch, result.json)
// against `pi -p` on the same read → edit → bash → answer scenario over the simulator. Runs
// alternate so both see the same machine load; the last row is the median overhead (issue 32's
// bar: no more than 30 ms).
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeProject, scenarioTurns } from "../test/support/scenario.mjs";
import { startSimulator } from "../test/support/simulator/index.mjs";
import { PI_BIN, measureProcess } from "./measure.mjs";

export const title = "headless jobs (pi run vs pi -p)";

const APP = 'const greeting = "hello";\nconsole.log(greeting + ", world");\n';

export async function rows(runs) {
  const n = runs || 15;
  const sim = await startSimulator();
  try {
    const { project, agentDir, root } = makeProject(sim.url);
    const out = join(root, "out");
    const base = ["--provider", "sim", "--model", "sim-model", "--no-session"];
    const opts = (argv) => ({
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
      before: () => {
        writeFileSync(join(project, "src", "app.js"), APP);
        rmSync(out, { recursive: true, force: true });
        sim.script(...scenarioTurns());
      },
      argv,
    });
    const print = opts([PI_BIN, ...base, "-p", "change the greeting"]);
    const job = opts([PI_BIN, "run", "--out", out, ...base, "change the greeting"]);
    const p = [];
    const j = [];
    // One run of each per round, so a busy moment costs both alike.
    for (let i = 0; i < n; i++) {
      p.push(await measureProcess("pi -p", 1, print.argv, print));
      j.push(await measureProcess("pi run", 1, job.argv, job));
    }
    const row = (name, samples) => {
      const times = samples.map((s) => s.median).sort((a, b) => a - b);
      return {
        name,
        n: times.length,
        min: times[0],
        median: times[Math.floor(times.length / 2)],
        max: times.at(-1),
        unit: "ms",
        rssMB: Math.max(...samples.map((s) => s.rssMB)),
      };
    };
    const a = row("scenario: pi -p", p);
    const b = row("scenario: pi run --out DIR", j);
    return [a, b, { name: "pi run overhead (median difference)", n, median: b.median - a.median, unit: "ms" }];
  } finally {
    await sim.close();
  }
}
