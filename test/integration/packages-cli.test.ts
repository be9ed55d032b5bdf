// `pi install` / `pi list` / `pi remove` round trips with the real CLI, for a local path, a git
// repository (a local bare repo, cloned like a remote one) and npm (the real registry: skipped,
// saying so, when it cannot be reached); a failed install changes nothing.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { registryEnv, registryReachable } from "../support/npm-registry.js";

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function workspace() {
  const root = mkdtempSync(join(tmpdir(), "pik-packages-"));
  roots.push(root);
  const agentDir = join(root, "agent");
  const project = join(root, "project");
  mkdirSync(agentDir, { recursive: true });
  mkdirSync(project, { recursive: true });
  const pi = (...args: string[]) =>
    runCli(args, { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir, ...registryEnv() }, timeoutMs: 120_000 });
  return { root, agentDir, project, pi };
}

/** A small pi package: an extension and a skill, with a manifest. */
function writePackage(dir: string, name: string): void {
  mkdirSync(join(dir, "skills", "hello-skill"), { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name,
      version: "1.0.0",
      type: "module",
      keywords: ["pi-package"],
      pi: { extensions: ["./ext.ts"], skills: ["./skills"] },
    }),
  );
  writeFileSync(join(dir, "ext.ts"), "export default function (pi) { pi.registerCommand('hello', { handler: async () => {} }); }\n");
  writeFileSync(join(dir, "skills", "hello-skill", "SKILL.md"), "---\nname: hello-skill\ndescription: Says hello.\n---\nSay hello.\n");
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, {
    cwd,
    stdio: "pipe",
    env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" },
  });
/** A pi package in a fresh git repository (one commit on main). */
function gitPackage(root: string): string {
  const work = join(root, "src-repo");
  writePackage(work, "git-pkg");
  git(work, "init", "-q", "-b", "main");
  git(work, "add", ".");
  git(work, "commit", "-q", "-m", "v1");
  return work;
}
const settings = (file: string) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {});

describe("pi install / list / remove", () => {
  let online = false;
  beforeAll(async () => {
    online = await registryReachable();
  });

  it("round-trips a local path (global settings), leaving the package where it is", async () => {
    const w = workspace();
    const pkg = join(w.root, "my-pkg");
    writePackage(pkg, "my-pkg");
    const add = await w.pi("install", pkg);
    expect(add.stderr).toBe("");
    expect(add.stdout).toContain("1 extensions, 1 skills");
    expect(settings(join(w.agentDir, "settings.json")).packages).toEqual([pkg]);
    expect((await w.pi("list")).stdout).toContain(`  ${pkg}  ${pkg}`);
    const rm = await w.pi("remove", pkg);
    expect(rm.code).toBe(0);
    expect(settings(join(w.agentDir, "settings.json")).packages).toEqual([]);
    expect(existsSync(join(pkg, "ext.ts"))).toBe(true);
  });

  it("round-trips a git repository at a ref into the project (-l)", async () => {
    const w = workspace();
    const work = gitPackage(w.root);
    git(work, "tag", "v1");
    const bare = join(w.root, "remote.git");
    git(w.root, "clone", "-q", "--bare", work, bare);
    const source = `file://${bare}@v1`;
    const add = await w.pi("install", source, "-l");
    expect(add.stderr).toBe("");
    const projectSettings = join(w.project, ".pi", "settings.json");
    expect(settings(projectSettings).packages).toEqual([source]);
    const clone = join(w.project, ".pi", "git", "local", bare.replace(/^\//, "").replace(/\.git$/, ""));
    expect(existsSync(join(clone, "ext.ts"))).toBe(true);
    expect((await w.pi("list")).stdout).toContain(`${source}  ${clone}`);
    expect((await w.pi("remove", source, "-l")).code).toBe(0);
    expect(settings(projectSettings).packages).toEqual([]);
    expect(existsSync(clone)).toBe(false);
  });

  it("pi update reinstalls an unpinned git package at its latest commit", async () => {
    const w = workspace();
    const work = gitPackage(w.root);
    const bare = join(w.root, "remote.git");
    git(w.root, "clone", "-q", "--bare", work, bare);
    expect((await w.pi("install", `file://${bare}`)).code).toBe(0);
    writeFileSync(join(work, "NEWS.md"), "v2\n");
    git(work, "add", ".");
    git(work, "commit", "-q", "-m", "v2");
    git(work, "push", "-q", bare, "main");
    const r = await w.pi("update");
    expect(r.stdout).toContain(`Updated file://${bare} (global)`);
    const clone = join(w.agentDir, "git", "local", bare.replace(/^\//, "").replace(/\.git$/, ""));
    expect(readFileSync(join(clone, "NEWS.md"), "utf8")).toBe("v2\n");
  });

  it("installs a trusted project's missing packages on first start", async () => {
    const w = workspace();
    const work = gitPackage(w.root);
    mkdirSync(join(w.project, ".pi"), { recursive: true });
    writeFileSync(join(w.project, ".pi", "settings.json"), JSON.stringify({ packages: [`file://${work}`] }));
    const clone = join(w.project, ".pi", "git", "local", work.replace(/^\//, ""));
    await w.pi("-p", "hi"); // untrusted: nothing is installed
    expect(existsSync(clone)).toBe(false);
    await w.pi("--trust", "-p", "hi");
    expect(existsSync(join(clone, "ext.ts"))).toBe(true);
  });

  it("reports a failed install and changes nothing", async () => {
    const w = workspace();
    writeFileSync(join(w.agentDir, "settings.json"), JSON.stringify({ theme: "dark", packages: ["npm:kept"] }));
    const before = readFileSync(join(w.agentDir, "settings.json"), "utf8");
    const r = await w.pi("install", `file://${join(w.root, "missing.git")}`);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/git clone .* failed/);
    expect(readFileSync(join(w.agentDir, "settings.json"), "utf8")).toBe(before);
    expect(existsSync(join(w.agentDir, "git", "local"))).toBe(false);
  });

  it("round-trips an npm package from the registry", async (ctx) => {
    if (!online) return ctx.skip("the npm registry cannot be reached from here");
    const w = workspace();
    const add = await w.pi("install", "npm:pi-aliases@1.0.7");
    expect(add.stderr).toBe("");
    const installed = join(w.agentDir, "npm", "pi-aliases", "node_modules", "pi-aliases", "package.json");
    expect(JSON.parse(readFileSync(installed, "utf8")).version).toBe("1.0.7");
    // pi's own packages are peers that pi-compat provides: none were installed.
    expect(existsSync(join(w.agentDir, "npm", "pi-aliases", "node_modules", "@earendil-works"))).toBe(false);
    expect((await w.pi("list")).stdout).toContain("npm:pi-aliases@1.0.7");
    expect((await w.pi("remove", "npm:pi-aliases")).stdout).toContain("Removed npm:pi-aliases@1.0.7");
    expect(existsSync(join(w.agentDir, "npm", "pi-aliases"))).toBe(false);
  }, 120_000);
});
