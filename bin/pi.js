#!/usr/bin/env node
// The `pi` launcher. `--version` is answered here without loading anything else; every other
// command runs the compiled CLI (npm run build produces dist/): the start-up image, code-cached,
// when the build made one (cli/image-loader.ts), else dist/cli/main.js. PI_KERNEL_IMAGE=0 runs
// the latter (debugging with source maps).
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  process.stdout.write(`${pkg.version}\n`);
} else {
  const image = new URL("../dist/image/image-entry.cjs", import.meta.url);
  const { main } =
    process.env.PI_KERNEL_IMAGE !== "0" && existsSync(image)
      ? (await import("../dist/cli/image-loader.js")).loadImage(fileURLToPath(image))
      : await import("../dist/cli/main.js");
  process.exitCode = await main(args);
}
