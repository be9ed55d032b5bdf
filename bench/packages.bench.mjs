// pi extensions and packages: what loading a pi extension through pi-compat costs a print run,
// and how fast `pi list` answers (issue 8).
import { fileURLToPath } from "node:url";
import { makeProject } from "../test/support/scenario.mjs";
import { startSimulator } from "../test/support/simulator/index.mjs";
import { measureProcess, PI_BIN } from "./measure.mjs";

export const title = "pi extensions (pi-compat) and pi packages";

const GREETER = fileURLToPath(new URL("../test/fixtures/pi-extensions/greeter", import.meta.url));

export async function rows(runs) {
  const out = [];
  const sim = await startSimulator();
  try {
    const { project, agentDir } = makeProject(sim.url);
    const opts = {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
      before: () => {
        sim.script({ text: "ok" });
      },
    };
    const base = [PI_BIN, "--provider", "sim", "--model", "sim-model"];
    out.push(await measureProcess("pi -p (no extension)", runs || 7, [...base, "-p", "hi"], opts));
    out.push(
      await measureProcess("pi -p -e <pi extension importing pi's packages>", runs || 7, [...base, "-e", GREETER, "-p", "hi"], opts),
    );
    out.push(await measureProcess("pi list", runs || 7, [PI_BIN, "list"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } }));
  } finally {
    await sim.close();
  }
  return out;
}
