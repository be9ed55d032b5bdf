#!/usr/bin/env node
// npm run compat:packages [-- options]: installs real pi packages from npm and loads each into the
// reference pi and into pi-kernel, side by side, comparing what they expose and one offline call.
// Needs the network (npm registry); not part of `npm test`. See docs/usage/pi-package-compat.md.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { compareSurface } from "./compare.mjs";
import { discover } from "./discover.mjs";
import { prepareReference } from "./install.mjs";
import { CALLS, MORE, REQUIRED, ROUND_THREE } from "./packages.mjs";
import { testPackage } from "./package-run.mjs";
import { printTable, writeDoc, writeJson } from "./report.mjs";
import { cleanup, runRuntime, scratch } from "./run-runtime.mjs";
import { startFakeLlm } from "./fake-llm.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, "..", "..");

const USAGE = `npm run compat:packages -- [options] [package ...]
  --cache DIR       where the reference pi and the packages are installed (default ~/.cache/pi-kernel-compat)
  --out DIR         where the JSON result goes (default <cache>/results)
  --discover N      also test the N most popular packages of the registry's keywords:pi-package search
  --jobs N          packages tested at once (default 2, at most 2)
  --timeout S       seconds per runtime run (default 150)
  --no-build        do not run \`npm run build\` first
  --no-doc          do not rewrite docs/usage/pi-package-compat.md
  --keep            keep the scratch folders of each run
Environment: PI_REF_DIR + PI_REF_NODE use an existing reference pi instead of installing one.`;

function parseArgs(argv) {
  const o = {
    cache: join(homedir(), ".cache", "pi-kernel-compat"),
    jobs: 2,
    timeout: 150,
    build: true,
    doc: true,
    keep: false,
    discover: 0,
    only: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--cache") o.cache = resolve(value());
    else if (a === "--out") o.out = resolve(value());
    else if (a === "--discover") o.discover = Number(value());
    else if (a === "--jobs") o.jobs = Math.max(1, Math.min(2, Number(value()) || 2));
    else if (a === "--timeout") o.timeout = Number(value()) || 150;
    else if (a === "--no-build") o.build = false;
    else if (a === "--no-doc") o.doc = false;
    else if (a === "--keep") o.keep = true;
    else if (a === "--help" || a === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else if (a.startsWith("-")) throw new Error(`unknown option ${a}\n${USAGE}`);
    else o.only.push(a);
  }
  o.out ??= join(o.cache, "results");
  return o;
}

/** Runs `work` over `items`, at most `n` at a time, keeping the input order in the results. */
async function pool(items, n, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return results;
}

function gitCommit() {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.build) {
    console.log("building pi-kernel (npm run build)...");
    execFileSync("npm", ["run", "build"], { cwd: REPO, stdio: ["ignore", "ignore", "inherit"] });
  }
  const reference = await prepareReference(o.cache);
  console.log(`reference pi ${reference.version}: ${reference.command.join(" ")}`);
  const kernel = { command: [process.execPath, join(REPO, "bin", "pi.js")] };
  let names = o.only.length ? o.only : [...REQUIRED, ...MORE, ...ROUND_THREE];
  if (o.discover > 0) {
    const found = await discover(o.discover);
    console.log(found.error ? `--discover: ${found.error}; using the built-in list` : `--discover: ${found.names.join(", ")}`);
    names = [...new Set([...names, ...found.names])];
  }
  const fake = await startFakeLlm();
  const probe = join(HERE, "probe-extension.mjs");
  const runsDir = join(o.cache, "runs");
  const timeoutMs = o.timeout * 1000;
  // Each runtime's own tools and commands, so a package's additions can be told apart.
  const baselines = {};
  for (const [side, rt] of [
    ["ref", reference],
    ["kernel", kernel],
  ]) {
    const tmp = scratch(runsDir, `baseline-${side}-`);
    const run = await runRuntime({ command: rt.command, load: [probe], tmp, baseUrl: fake.baseUrl(`baseline-${side}`), timeoutMs });
    if (!run.probe)
      throw new Error(`the ${side === "ref" ? "reference pi" : "pi-kernel"} baseline run failed: ${run.stderr.slice(0, 500)}`);
    baselines[side] = run.probe;
    if (!o.keep) cleanup(tmp);
  }
  const surface = compareSurface(baselines.ref.surface, baselines.kernel.surface);
  for (const row of surface) {
    console.log(`surface ${row.object}: ${row.members} members in pi; missing in pi-kernel: ${row.missing.join(", ") || "none"}`);
  }
  const ctx = { reference, kernel, baselines, fake, probe, runsDir, timeoutMs, cache: o.cache, keep: o.keep };
  const results = await pool(names, o.jobs, async (name) => {
    const started = Date.now();
    const result = await testPackage(ctx, name, CALLS[name]).catch((error) => ({
      name,
      install: `script error: ${error?.stack ?? error}`,
    }));
    console.log(`${name}: ${result.install ?? result.first ?? "same"} (${Math.round((Date.now() - started) / 1000)}s)`);
    return result;
  });
  await fake.close();
  const meta = {
    date: new Date().toISOString().slice(0, 10),
    node: process.versions.node,
    kernelVersion: JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).version,
    commit: gitCommit(),
    refVersion: reference.version,
  };
  console.log("");
  printTable(results);
  console.log(`\nJSON: ${writeJson(o.out, meta, results, surface)}`);
  const docFile = join(REPO, "docs", "usage", "pi-package-compat.md");
  if (o.doc && existsSync(dirname(docFile))) {
    writeDoc(docFile, meta, results, surface);
    console.log(`markdown: ${docFile}`);
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error?.stack ?? String(error));
  process.exit(1);
});
