// Installing a package source where pi keeps it: npm packages under <root>/npm/<name> (their own
// node_modules), git clones under <root>/git/<host>/<path>, local paths used in place. <root> is
// ~/.pi/agent (global) or <project>/.pi (project). Everything happens in a temp dir beside the
// target and is moved into place only when it succeeded, so a failed install changes nothing.
// A `#plugin` source is its marketplace installed so, the package being the plugin's folder in it.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { marketplacePluginDir } from "./marketplace.js";
import { packageJsonSeen } from "./package-json.js";
import { marketplaceOf, type PackageSource } from "./source.js";

/** Where an installed source lives (local paths are where they are). */
export function installedDir(source: PackageSource, root: string): string {
  if (source.plugin) return marketplacePluginDir(installedDir(marketplaceOf(source), root), source.plugin);
  if (source.kind === "local") return source.path;
  if (source.kind === "npm") return join(root, "npm", source.name, "node_modules", source.name);
  return join(root, "git", source.host, source.path);
}

export function isInstalled(source: PackageSource, root: string): boolean {
  // A local folder whose package.json this composing pass has found is there (a built-in named by package name).
  if (source.kind === "local" && !source.plugin && packageJsonSeen(source.path)) return true;
  try {
    return existsSync(installedDir(source, root));
  } catch {
    return false; // a marketplace not installed yet, or without that plugin
  }
}

export async function installSource(source: PackageSource, root: string): Promise<string> {
  if (source.plugin) {
    const marketplace = marketplaceOf(source);
    if (!isInstalled(marketplace, root) || marketplace.kind !== "local") await installSource(marketplace, root);
    const dir = installedDir(source, root);
    if (!existsSync(dir)) throw new Error(`plugin "${source.plugin}" of ${marketplace.spec}: ${dir} does not exist`);
    return dir;
  }
  if (source.kind === "local") {
    if (!existsSync(source.path)) throw new Error(`${source.path} does not exist`);
    return source.path;
  }
  const target = source.kind === "npm" ? join(root, "npm", source.name) : installedDir(source, root);
  // mkdirSync returns the first directory it had to create: removed again if the install fails.
  const created = mkdirSync(dirname(target), { recursive: true });
  const tmp = mkdtempSync(join(dirname(target), ".tmp-"));
  try {
    const built = source.kind === "npm" ? await npmInstall(source, tmp) : await gitInstall(source, tmp);
    replace(built, target);
  } catch (error) {
    if (created) rmSync(created, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return installedDir(source, root);
}

/** Removes what installSource put in place (never a local path; for a `#plugin`, its whole marketplace). */
export function uninstallSource(source: PackageSource, root: string): void {
  if (source.kind === "local") return;
  if (source.plugin) return uninstallSource(marketplaceOf(source), root);
  rmSync(source.kind === "npm" ? join(root, "npm", source.name) : installedDir(source, root), { recursive: true, force: true });
}

async function npmInstall(source: Extract<PackageSource, { kind: "npm" }>, tmp: string): Promise<string> {
  writeFileSync(join(tmp, "package.json"), '{"private":true}\n');
  const spec = `${source.name}@${source.version ?? "latest"}`;
  // pi's own packages are peer dependencies that pi-compat provides: never install them.
  await run("npm", ["install", "--omit=dev", "--legacy-peer-deps", "--no-audit", "--no-fund", "--no-save", spec], tmp);
  const dir = join(tmp, "node_modules", source.name);
  if (!existsSync(join(dir, "package.json"))) throw new Error(`npm installed nothing for ${spec}`);
  return tmp;
}

async function gitInstall(source: Extract<PackageSource, { kind: "git" }>, tmp: string): Promise<string> {
  const repo = join(tmp, "repo");
  await run("git", ["clone", "--quiet", source.url, repo], tmp);
  if (source.ref) await run("git", ["checkout", "--quiet", source.ref], repo);
  const manifest = join(repo, "package.json");
  if (existsSync(manifest)) {
    const deps = (JSON.parse(readFileSync(manifest, "utf8")) as { dependencies?: Record<string, string> }).dependencies;
    if (deps && Object.keys(deps).length)
      await run("npm", ["install", "--omit=dev", "--legacy-peer-deps", "--no-audit", "--no-fund"], repo);
  }
  return repo;
}

/** Puts `built` at `target`, swapping out an older copy only after the new one is in place. */
function replace(built: string, target: string): void {
  const old = existsSync(target) ? `${target}.old-${process.pid}-${Date.now()}` : undefined;
  if (old) renameSync(target, old);
  try {
    renameSync(built, target);
  } catch (error) {
    if (old) renameSync(old, target);
    throw error;
  }
  if (old) rmSync(old, { recursive: true, force: true });
}

function run(cmd: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!statSync(cwd).isDirectory()) return reject(new Error(`${cwd} is not a directory`));
    const child = process
      .getBuiltinModule("node:child_process")
      .spawn(cmd, args, { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, GIT_TERMINAL_PROMPT: "0" } });
    let output = "";
    child.stdout.on("data", (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      output += d.toString();
    });
    child.on("error", (error) => reject(new Error(`${cmd} could not be started: ${error.message}`)));
    child.on("close", (code) => {
      if (code === 0) return resolve();
      const tail = output
        .trim()
        .split("\n")
        .filter((l) => !/^npm warn/i.test(l))
        .slice(-8)
        .join("\n");
      reject(new Error(`${cmd} ${args.filter((a) => !a.startsWith("--")).join(" ")} failed (exit ${code}):\n${tail}`));
    });
  });
}
