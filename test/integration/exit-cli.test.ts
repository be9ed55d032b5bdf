// How the `pi` process ends (bin/pi.js): once the CLI is done and the event loop is empty, through
// process.exit() rather than Node's own teardown of the V8 heap (issue 34, round nine); with the
// same exit code; another `beforeExit` listener's work runs first.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { containExit } from "../../compose/containment.js";
import type { Kernel } from "../../kernel/index.js";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

const SIM = ["--provider", "sim", "--model", "sim-model"];
const s = simProjects();

/** A preload that says on stderr when the process ends through process.exit() (Node calls process.reallyExit then). */
function exitProbe(dir: string): Record<string, string> {
  const file = join(dir, "exit-probe.cjs");
  writeFileSync(
    file,
    'const o = process.reallyExit; process.reallyExit = function (c) { require("node:fs").writeSync(2, `[process.exit ${c}]\\n`); return o.call(this, c); };\n',
  );
  return { NODE_OPTIONS: `--require ${file}` };
}

describe("the pi process's end", () => {
  it("a print run ends through process.exit once it is done, its answer written", async () => {
    const { root, project, agentDir } = s.project();
    s.sim.script({ text: "hi there" });
    const r = await runCli([...SIM, "-p", "hi"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir, ...exitProbe(root) } });
    expect(r.stdout).toBe("hi there\n");
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("[process.exit 0]");
  });

  it("keeps the CLI's exit code", async () => {
    const { root, project, agentDir } = s.project();
    const r = await runCli(["--no-such-flag"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir, ...exitProbe(root) } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("[process.exit 2]");
  });

  it("with another beforeExit listener, waits for the work that listener starts", async () => {
    const { root, project, agentDir } = s.project();
    const marker = join(root, "late-work.txt");
    const plugin = join(project, "late.ts");
    writeFileSync(
      plugin,
      `import { writeFileSync } from "node:fs";
import { definePlugin } from "pi-kernel";
export default definePlugin({ name: "late", setup() {
  process.once("beforeExit", () => setTimeout(() => writeFileSync(${JSON.stringify(marker)}, "done"), 50));
} });
`,
    );
    s.sim.script({ text: "ok" });
    const r = await runCli([...SIM, "-e", plugin, "-p", "hi"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir, ...exitProbe(root) },
    });
    expect(r.stdout).toBe("ok\n");
    expect(r.code).toBe(0);
    expect(existsSync(marker) && readFileSync(marker, "utf8")).toBe("done");
  });
});

describe("containExit", () => {
  it("passes process.exit()'s arguments on as given: none means process.exitCode", () => {
    const original = process.exit;
    const calls: unknown[][] = [];
    process.exit = ((...args: unknown[]) => {
      calls.push(args);
    }) as typeof process.exit;
    const kernel = { plugins: () => [] } as unknown as Kernel;
    const remove = containExit(kernel, () => []);
    try {
      process.exit();
      process.exit(3);
    } finally {
      remove();
      process.exit = original;
    }
    expect(calls).toEqual([[], [3]]);
  });
});
