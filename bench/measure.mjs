// Shared bench helpers: time real processes (async spawn, so an in-process simulator keeps
// serving) and read their peak RSS, reported from inside by bench/rss-preload.mjs.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const PI_BIN = join(ROOT, "bin", "pi.js");
const preload = join(ROOT, "bench", "rss-preload.mjs");

export function runProcess(argv, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { cwd: opts.cwd ?? ROOT, env: opts.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** GNU time, for a process tree's CPU (user+sys) and peak RSS. */
export const GNU_TIME = "/usr/bin/time";

/**
 * `node argv` under GNU time (its report goes to `timeFile`): {status, stdout, stderr, wall} and, when it
 * exited 0, cpu (ms, user+sys), rss (MB, peak) and faults (minor page faults, GNU time's %R: the first
 * touch of a fresh page, ~15 µs of CPU each on the shared VM, and a count the machine's load does not
 * move, so the A/B metric to trust when walls say little). Wall is timed here, from the spawn to the close.
 */
export function timedNode(argv, { cwd, env, timeFile }) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(GNU_TIME, ["-f", "%U %S %M %R", "-o", timeFile, process.execPath, ...argv], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (status) => {
      const wall = Number(process.hrtime.bigint() - t0) / 1e6;
      if (status !== 0) return resolve({ status, stdout, stderr, wall });
      const [u, s, kb, faults] = readFileSync(timeFile, "utf8").trim().split(/\s+/).slice(-4).map(Number);
      resolve({ status, stdout, stderr, wall, cpu: (u + s) * 1000, rss: kb / 1024, faults });
    });
  });
}

/** Runs `node argv` n times; returns {name, n, min, median, max, unit: "ms", rssMB}. */
export async function measureProcess(name, n, argv, opts = {}) {
  const dir = mkdtempSync(join(tmpdir(), "pik-bench-"));
  const rssFile = join(dir, "rss");
  const times = [];
  for (let i = 0; i < n; i++) {
    opts.before?.();
    const t0 = process.hrtime.bigint();
    const r = await runProcess(["--import", preload, ...argv], {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env, BENCH_RSS_FILE: rssFile },
    });
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (r.status !== 0) throw new Error(`${name} failed (${r.status}): ${r.stderr}`);
    opts.check?.(r);
  }
  const rss = readFileSync(rssFile, "utf8").trim().split("\n").map(Number);
  rmSync(dir, { recursive: true });
  return { name, ...stats(times), unit: "ms", rssMB: Math.max(...rss) / 1024 };
}

/** min / median / max of samples (any unit). */
export function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, min: s[0], median: s[Math.floor(s.length / 2)], max: s.at(-1) };
}
