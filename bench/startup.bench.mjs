// Cold start and the end-to-end print run (issue: the spine).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeProject, scenarioTurns } from "../test/support/scenario.mjs";
import { startSimulator } from "../test/support/simulator/index.mjs";
import { measureProcess, PI_BIN } from "./measure.mjs";

export const title = "start-up and pi -p end to end";

export async function rows(runs) {
  const out = [];
  out.push(await measureProcess("node -e 0 (baseline)", runs || 15, ["-e", "0"]));
  out.push(await measureProcess("pi --version", runs || 15, [PI_BIN, "--version"]));
  out.push(await measureProcess("pi --help", runs || 10, [PI_BIN, "--help"]));
  const sim = await startSimulator();
  try {
    const { project, agentDir } = makeProject(sim.url);
    const file = join(project, "src", "app.js");
    const original = readFileSync(file, "utf8");
    out.push(
      await measureProcess(
        "pi -p read→edit→bash→answer",
        runs || 7,
        [PI_BIN, "--provider", "sim", "--model", "sim-model", "-p", "Make the app say goodbye"],
        {
          cwd: project,
          env: { PI_CODING_AGENT_DIR: agentDir },
          before: () => {
            writeFileSync(file, original);
            sim.script(...scenarioTurns());
          },
          check: (r) => {
            if (!r.stdout.includes("goodbye")) throw new Error(`unexpected answer: ${r.stdout}`);
          },
        },
      ),
    );
  } finally {
    await sim.close();
  }
  return out;
}
