// Preloaded into benchmarked processes (node --import): writes the peak RSS to the file named by
// BENCH_RSS_FILE on exit, so the bench needs no external `time` tool.
import { appendFileSync } from "node:fs";

const file = process.env.BENCH_RSS_FILE;
if (file) {
  process.on("exit", () => appendFileSync(file, `${process.resourceUsage().maxRSS}\n`));
}
