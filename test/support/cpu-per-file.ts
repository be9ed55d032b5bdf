// A setup file for finding where the suite's CPU goes (vitest.config.ts adds it when PI_TEST_CPU_LOG
// names a file): one JSON line per test file with the CPU its worker spent on it (`self`: importing
// and running it, in ms; `imports`: the import alone) and the CPU of the child processes it waited
// for (`children`: the CLI, git, npm, tsserver...), from /proc (Linux). Wall time is not CPU: on a
// shared machine a file waits for a core. `node test/support/cpu-report.mjs <log>` sums them up.
import { appendFileSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, expect } from "vitest";

/** This process's CPU and that of its waited-for children so far, in ms (/proc/self/stat: utime..cstime). */
function cpu(): { self: number; children: number } {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const f = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  const tick = 10; // USER_HZ is 100 on Linux
  return { self: (f[11]! + f[12]!) * tick, children: (f[13]! + f[14]!) * tick };
}

const start = cpu();
const startedAt = Date.now();
let imported = start;
beforeAll(() => {
  imported = cpu();
});
afterAll(() => {
  const end = cpu();
  const line = {
    file: expect.getState().testPath,
    self: end.self - start.self,
    imports: imported.self - start.self,
    children: end.children - start.children,
    wall: Date.now() - startedAt,
    pid: process.pid,
    // The worker's resident memory after the file (MB): every process it spawns pays for it (fork copies its page tables).
    rss: Math.round(process.memoryUsage().rss / 1048576),
    // The worker's CPU before this file: its own start-up when the file is the worker's first.
    before: start.self,
  };
  appendFileSync(process.env.PI_TEST_CPU_LOG!, `${JSON.stringify(line)}\n`);
});
