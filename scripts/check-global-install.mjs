// Checks that `npm install -g .` works from a fresh clone with no prior `npm install` (it once
// failed with "tsc: not found"): clones this repository's committed HEAD into a temp folder,
// installs it globally into a temp prefix, and runs the installed `pi --version` and `pi --help`.
// Needs the npm registry, so it is not part of `npm test`: `npm run check:global-install`.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tmp = mkdtempSync(join(tmpdir(), "pik-global-install-"));
const clone = join(tmp, "clone");
const prefix = join(tmp, "prefix");
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));

function run(cmd, args, cwd) {
  process.stdout.write(`$ ${cmd} ${args.join(" ")}\n`);
  const r = spawnSync(cmd, args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (r.status !== 0) {
    process.stderr.write(`${r.stdout}\n${r.stderr}\nfailed with exit code ${r.status}\n`);
    process.exitCode = 1;
    throw new Error(`${cmd} ${args.join(" ")} failed`);
  }
  return r.stdout;
}

try {
  run("git", ["clone", "--quiet", "--depth", "1", `file://${root}`, clone], tmp);
  run("npm", ["install", "-g", ".", "--prefix", prefix, "--no-audit", "--no-fund"], clone);
  const pi = join(prefix, "bin", "pi");
  const version = run(pi, ["--version"], tmp).trim();
  const help = run(pi, ["--help"], tmp);
  if (!/^\d+\.\d+\.\d+/.test(version) || !/--model/.test(help)) throw new Error(`unexpected output: ${version}\n${help}`);
  process.stdout.write(`ok: the global install from a fresh clone runs (pi ${version})\n`);
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
