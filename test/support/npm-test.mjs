// `npm test`: the build, the type checks and the suite, overlapped instead of one after another.
// The suite needs dist/ (tests spawn the compiled CLI) but not the type checks, and on two cores
// the suite leaves CPU idle while its files wait on the processes they spawned: so the type
// checks start with the build and run on beside the suite. Their output is held back and printed
// as one block at the end (interleaved with the suite's it would be unreadable). Exits non-zero
// when any of the three failed; arguments go to vitest (`npm test -- test/kernel`).
//
// The build is skipped when dist/ is current (scripts/build-stamp.mjs: on CI `npm ci` has just
// built it), and otherwise emits without type checking (`tsc --noCheck`): the type checks beside it
// cover the same sources, and the build is on the suite's critical path (~40 of tsc's CPU-seconds
// were that duplicate check). `PI_TEST_REBUILD=1` builds anyway.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { buildIsCurrent } from "../../scripts/build-stamp.mjs";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
// The emitting compiler (TypeScript 5.9) by its file: node_modules/.bin/tsc may be TypeScript 7's, which
// the type checks use (package.json "typecheck"), as both packages name their command tsc.
const TSC = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const started = Date.now();
const seconds = (from) => `${((Date.now() - from) / 1000).toFixed(1)} s`;

/** Runs a command; `quiet` keeps its output for later instead of streaming it. */
function run(name, command, args, quiet) {
  const from = Date.now();
  const child = spawn(command, args, { stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
  let output = "";
  if (quiet) {
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
  }
  const done = new Promise((resolve) => {
    child.on("error", (error) => resolve({ name, code: 1, output: `${output}${error.message}\n`, took: seconds(from) }));
    child.on("close", (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output, took: seconds(from) }));
  });
  return { child, done };
}

/** dist/ as the suite needs it: left alone when current, else emitted unchecked, then bundled. */
async function buildStep() {
  if (!process.env.PI_TEST_REBUILD && buildIsCurrent()) return { name: "build", code: 0, output: "(dist/ is up to date)\n", took: "0.0 s" };
  const from = Date.now();
  const emit = await run("build", process.execPath, [TSC, "-p", "tsconfig.build.json", "--sourceMap", "--noCheck"], false).done;
  const result = emit.code === 0 ? await run("build", npm, ["run", "build:bundle"], false).done : emit;
  return { ...result, took: seconds(from) };
}

function report(result) {
  const verdict = result.code === 0 ? "passed" : `FAILED (exit ${result.code})`;
  process.stdout.write(`\nnpm test: ${result.name} ${verdict} in ${result.took}\n`);
  if (result.output.trim() !== "") process.stdout.write(result.output.endsWith("\n") ? result.output : `${result.output}\n`);
}

const typecheck = run("typecheck", npm, ["run", "typecheck", "--silent"], true);
const build = await buildStep();
report(build);
if (build.code !== 0) {
  typecheck.child.kill();
  process.exit(build.code);
}
const suite = await run("vitest", "npx", ["vitest", "run", ...process.argv.slice(2)], false).done;
const checked = await typecheck.done;
report(suite);
report(checked);
process.stdout.write(`npm test: ${seconds(started)} in all\n`);
process.exit(build.code || checked.code || suite.code);
