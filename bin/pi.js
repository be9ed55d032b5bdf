#!/usr/bin/env node
// The `pi` launcher. `--version` is answered here without loading anything else; every other
// command runs the compiled CLI (npm run build produces dist/): the start-up image, code-cached,
// when the build made one (cli/image-loader.ts, compiled to dist/image/loader.cjs), else
// dist/cli/main.js. PI_KERNEL_IMAGE=0 runs the latter (debugging with source maps).
// CommonJS (bin/package.json), as the image is: a run from it never starts Node's ES module
// loader, which an ES module launcher did first thing (~4 ms of every run).
const { existsSync, readFileSync } = require("node:fs");
const { join } = require("node:path");

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) {
  const pkg = JSON.parse(readFileSync(join(__dirname, "..", "package.json"), "utf8"));
  process.stdout.write(`${pkg.version}\n`);
} else {
  const image = join(__dirname, "..", "dist", "image");
  const cli =
    process.env.PI_KERNEL_IMAGE !== "0" && existsSync(join(image, "loader.cjs"))
      ? Promise.resolve().then(() => require(join(image, "loader.cjs")).loadImage(join(image, "image-entry.cjs")))
      : import("../dist/cli/main.js");
  cli
    .then(({ main }) => main(args))
    .then((code) => {
      process.exitCode = code;
      process.prependListener("beforeExit", exitWithoutTeardown);
    });
}

// When nothing is left to run, the process ends here rather than through Node's own end, which
// disposes the V8 heap page by page (~45 pages of 256 KB after a `pi -p hi`) and joins its threads:
// the kernel frees the same memory at exit anyway. `beforeExit` comes only once the event loop is
// empty (every write, session append and child process done). With another listener (which may
// start more work) the process waits for the next `beforeExit`; this one runs first, while a `once`
// listener is still counted.
function exitWithoutTeardown() {
  if (process.listenerCount("beforeExit") === 1) process.exit(process.exitCode ?? 0);
}
