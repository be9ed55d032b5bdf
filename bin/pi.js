#!/usr/bin/env node
// The `pi` launcher. `--version` is answered here without loading anything else; every other
// command runs the compiled CLI (npm run build produces dist/).
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  process.stdout.write(`${pkg.version}\n`);
} else {
  const { main } = await import("../dist/cli/main.js");
  process.exitCode = await main(args);
}
