// The last step of `npm run build`: writes dist/.build-stamp, a fingerprint of everything the build
// reads (each source file's path, size and modification time). `npm test` (test/support/npm-test.mjs)
// skips its build when the stamp still matches: on CI `npm ci` has just built dist/ (npm's
// "prepare"), and building again cost the suite ~45 CPU-seconds on its critical path.
// A stamp older than any file in dist/ means a later build did not finish: it no longer counts (the
// code caches the CLI writes into dist/image as it runs are left out of that).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const STAMP = join(root, "dist", ".build-stamp");
/** What the build reads: tsc's sources (tsconfig.build.json), the bundling scripts, the web page, the dependencies. */
const INPUT_DIRS = ["kernel", "contracts", "lib", "compose", "plugins", "cli", "sdk", "scripts"];
const INPUT_FILES = ["package.json", "package-lock.json", "tsconfig.json", "tsconfig.build.json"];

/** Every regular file under `dir` (node_modules left out), depth first. */
function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** The fingerprint of the build's inputs as they are now. */
export function buildFingerprint() {
  const hash = createHash("sha256");
  const files = [
    ...INPUT_DIRS.flatMap((d) => (existsSync(join(root, d)) ? [...walk(join(root, d))] : [])),
    ...INPUT_FILES.map((f) => join(root, f)),
  ];
  for (const file of files.sort()) {
    const s = existsSync(file) ? statSync(file) : undefined;
    hash.update(`${relative(root, file)}\0${s?.size ?? -1}\0${s?.mtimeMs ?? -1}\n`);
  }
  return hash.digest("hex");
}

/** Whether dist/ was built, completely, from the inputs as they are now. */
export function buildIsCurrent() {
  if (!existsSync(STAMP)) return false;
  const stamped = statSync(STAMP).mtimeMs;
  for (const file of walk(join(root, "dist"))) {
    // *.cache (and its *.cache.<pid>.tmp): V8 code caches the CLI writes beside the start-up image as it runs.
    if (!/\.cache(\.\d+\.tmp)?$/.test(file) && statSync(file).mtimeMs > stamped) return false;
  }
  return readFileSync(STAMP, "utf8").trim() === buildFingerprint();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) writeFileSync(STAMP, `${buildFingerprint()}\n`);
