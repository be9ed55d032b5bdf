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
    });
}
