// npm's "prepare": compile dist/ (npm run build) wherever pi-kernel is installed from its
// repository. `npm install` in a clone has the build tools (devDependencies). `npm install -g .`
// and `npm link` from a fresh clone do not: a global install leaves devDependencies out, and the
// build failed with "tsc: not found". Then the build tools are installed into the clone first
// (`npm install --include=dev`, from its lock file), as a developer's `npm install` would, and
// the build runs. An installed tarball has dist/ already and no prepare step at all.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const BUILD_TOOLS = ["typescript/package.json", "rolldown/package.json"];

function hasBuildTools() {
  const require = createRequire(join(root, "package.json"));
  return BUILD_TOOLS.every((t) => {
    try {
      require.resolve(t);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The environment for npm run from inside npm: without the settings of the install that runs
 * this (a global one would make the nested install global too, and omit devDependencies).
 */
function localEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^npm_config_(global|location|prefix|omit|include|production|only|dev)$/i.test(key)) delete env[key];
  }
  return env;
}

function npm(args, env = process.env) {
  const r = spawnSync(process.platform === "win32" ? "npm.cmd" : "npm", args, { cwd: root, stdio: "inherit", env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!hasBuildTools()) {
  process.stderr.write("pi-kernel: the build tools (devDependencies) are missing; installing them to compile dist/ …\n");
  npm(["install", "--include=dev", "--ignore-scripts", "--no-audit", "--no-fund"], localEnv());
}
npm(["run", "build"]);
