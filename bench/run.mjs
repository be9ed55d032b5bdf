// npm run bench: runs every bench/*.bench.mjs (each exports `title` and `rows(runs)`) and prints
// one table. BENCH_RUNS overrides the run counts; BENCH_ONLY=name runs the files matching it.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./measure.mjs";

const runs = Number(process.env.BENCH_RUNS ?? 0);
const only = process.env.BENCH_ONLY;
const files = readdirSync(join(ROOT, "bench"))
  .filter((f) => f.endsWith(".bench.mjs") && (!only || f.includes(only)))
  .sort();

const fmt = (v, w = 9) =>
  (v === undefined ? "" : typeof v === "number" ? (Number.isInteger(v) ? String(v) : v.toFixed(v < 10 ? 2 : 1)) : String(v)).padStart(w);
console.log(
  `${"case".padEnd(44)} ${fmt("runs", 5)} ${fmt("min")} ${fmt("median")} ${fmt("max")} ${fmt("unit", 6)} ${fmt("peak RSS MB", 12)}`,
);
for (const file of files) {
  const mod = await import(join(ROOT, "bench", file));
  console.log(`-- ${mod.title ?? file}`);
  for (const r of await mod.rows(runs)) {
    console.log(
      `${r.name.padEnd(44)} ${fmt(r.n, 5)} ${fmt(r.min)} ${fmt(r.median)} ${fmt(r.max)} ${fmt(r.unit ?? "ms", 6)} ${fmt(r.rssMB, 12)}`,
    );
  }
}
