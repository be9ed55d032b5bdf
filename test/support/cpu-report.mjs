// Sums up a PI_TEST_CPU_LOG file (test/support/cpu-per-file.ts): the suite's CPU by where it goes
// (workers starting, importing, running tests; child processes) and the files that cost most.
// `node test/support/cpu-report.mjs /tmp/cpu.jsonl [N]`
import { readFileSync } from "node:fs";

const [log, n = "20"] = process.argv.slice(2);
const rows = readFileSync(log, "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l));
const firsts = new Map();
for (const r of rows) if (!firsts.has(r.pid) || firsts.get(r.pid) > r.before) firsts.set(r.pid, r.before);
const sum = (key) => rows.reduce((t, r) => t + r[key], 0);
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const workers = [...firsts.values()].reduce((t, v) => t + v, 0);
console.log(`${rows.length} files, ${firsts.size} worker processes`);
console.log(
  `CPU: workers starting ${s(workers)}, importing ${s(sum("imports"))}, running ${s(sum("self") - sum("imports"))}, ` +
    `child processes ${s(sum("children"))}; in all ${s(workers + sum("self") + sum("children"))}`,
);
const rel = (f) => f.slice(f.indexOf("/test/") + 1);
const table = (title, key) => {
  console.log(`\n${title}`);
  for (const r of [...rows].sort((a, b) => key(b) - key(a)).slice(0, Number(n))) {
    console.log(
      `${s(r.self + r.children).padStart(8)} CPU (own ${s(r.self)}, children ${s(r.children)}) ${s(r.wall).padStart(8)} wall${r.rss === undefined ? "" : ` ${String(r.rss).padStart(4)} MB`}  ${rel(r.file)}`,
    );
  }
};
table("by CPU:", (r) => r.self + r.children);
table("by wall:", (r) => r.wall);
