// Prints the slowest test files (where the suite's time goes), then one plain closing line,
// "N passed, N failed, N skipped", after vitest's own summary, so CI logs end with a count any
// tool can read.
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const count = { passed: 0, failed: 0, skipped: 0 };
    for (const mod of modules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") count.passed++;
        else if (state === "failed") count.failed++;
        else count.skipped++;
      }
      if (mod.state() === "failed" && [...mod.children.allTests()].length === 0) count.failed++;
    }
    process.stdout.write(slowest(modules));
    process.stdout.write(`\n${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped\n`);
  }
}

/** The files that took longest (their own time in their worker), when the run had several. */
function slowest(modules: ReadonlyArray<TestModule>, count = 10): string {
  if (modules.length < count) return "";
  const timed = modules.map((m) => ({ file: m.moduleId, ms: m.diagnostic().duration })).sort((a, b) => b.ms - a.ms);
  const root = process.cwd();
  const lines = timed.slice(0, count).map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.file.replace(`${root}/`, "")}`);
  return `\nslowest test files:\n${lines.join("\n")}\n`;
}
