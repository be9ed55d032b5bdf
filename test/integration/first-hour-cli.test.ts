// What a pi user notices in the first hour, through the spawned CLI: piped stdin before @file
// text, no session file from a run that got no answer, which plugin a composition lacks, and
// built-in plugins named through a symlink or a copy loaded as the install's compiled ones.
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProject } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";
import { runCli } from "../support/run-cli.js";

const REPO = join(import.meta.dirname, "..", "..");

/** Every file under dir (recursively), or [] when dir does not exist. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

describe("the first message and the first answer (spawned CLI)", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  it("puts piped stdin first, then the @file text, then the message, joined as pi joins them", async () => {
    const { project, agentDir } = makeProject(sim.url);
    writeFileSync(join(project, "notes.txt"), "FILE BODY\n");
    sim.script({ text: "ok" });
    const start = sim.requests.length;
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "@notes.txt", "the message"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
      input: "  PIPED  \n",
    });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("ok\n");
    const user = sim.requests[start].body.messages.find((m: { role: string }) => m.role === "user");
    // pi 0.73.1 sends exactly this: stdin trimmed, no separators added.
    expect(user.content).toEqual([
      { type: "text", text: `PIPED<file name="${join(project, "notes.txt")}">\nFILE BODY\n\n</file>\nthe message` },
    ]);
  });

  it("writes no session file when the run fails with no model selected", async () => {
    const { project, agentDir } = makeProject(sim.url);
    const { rmSync } = await import("node:fs");
    rmSync(join(agentDir, "models.json"));
    const r = await runCli(["-p", "hi"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/No model selected/);
    expect(filesUnder(join(agentDir, "sessions"))).toEqual([]);
  });

  it("still writes the session at the first real answer", async () => {
    const { project, agentDir } = makeProject(sim.url);
    sim.script({ text: "answer" });
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "hi"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.code).toBe(0);
    expect(filesUnder(join(agentDir, "sessions")).filter((f) => f.endsWith(".jsonl"))).toHaveLength(1);
  });

  it("names the plugin a composition lacks for the mode asked for, without suggesting -p", async () => {
    const { root, project, agentDir } = makeProject(sim.url);
    const packages = join(root, "no-print.json");
    writeFileSync(packages, JSON.stringify({ packages: [join(REPO, "plugins", "models")] }));
    const r = await runCli(["--packages", packages, "--provider", "sim", "--model", "sim-model", "-p", "hi"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`the agent composed by ${packages} has no plugin providing the "print" mode`);
    expect(r.stderr).toContain("@pi-kernel/mode-print");
    expect(r.stderr).toContain('add "@pi-kernel/mode-print" to its pi-packages.json "packages"');
    expect(r.stderr).not.toContain("Use -p");
  });
});

describe("built-in plugins named through another path (spawned CLI)", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  /** A composition dir: `linked` is a symlink to the repo's plugins/, `copy/<name>` copies a plugin's package.json and entry. */
  function composition(root: string, edited = false): string {
    const dir = join(root, "composition");
    mkdirSync(join(dir, "copy", "mode-print"), { recursive: true });
    symlinkSync(join(REPO, "plugins"), join(dir, "linked"));
    for (const f of ["package.json", "index.ts"]) copyFileSync(join(REPO, "plugins", "mode-print", f), join(dir, "copy", "mode-print", f));
    if (edited) appendFileSync(join(dir, "copy", "mode-print", "index.ts"), "// my edit\n");
    const file = join(dir, "pi-packages.json");
    writeFileSync(file, JSON.stringify({ packages: ["./linked/models", "./linked/provider-openai-completions", "./copy/mode-print"] }));
    return file;
  }

  // Loaded from where they are named, through jiti, these copies could not even import their
  // toolkits (../../lib/ is not next to them): an answer shows the install's compiled built-ins ran.
  it("loads a symlinked or copied built-in as the install's own compiled plugin", async () => {
    const { root, project, agentDir } = makeProject(sim.url);
    const packages = composition(root);
    sim.script({ text: "from the built-ins" });
    const r = await runCli(["--packages", packages, "--provider", "sim", "--model", "sim-model", "-p", "hi"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("from the built-ins\n");
  });

  it("keeps an edited copy as the user's own plugin, and loads a built-in given again with -e once", async () => {
    const { root, project, agentDir } = makeProject(sim.url);
    const packages = composition(root, true);
    const r = await runCli(["--packages", packages, "-e", join(root, "composition", "linked", "models"), "-p", "hi"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`failed to load ${join(root, "composition", "copy", "mode-print", "index.ts")}`);
    expect(r.stderr).not.toContain("replaces the one from");
  });
});

describe("several API keys for a provider in models.json (spawned CLI)", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  function withApiKey(agentDir: string, apiKey: unknown): void {
    const file = join(agentDir, "models.json");
    const config = JSON.parse(readFileSync(file, "utf8"));
    config.providers.sim.apiKey = apiKey;
    writeFileSync(file, JSON.stringify(config));
  }

  it("uses the first key, and moves to the next one when the provider answers 429", async () => {
    const { project, agentDir } = makeProject(sim.url);
    withApiKey(agentDir, ["sim-key-one", "sim-key-two"]);
    sim.script({ text: "first" }, { fault: { kind: "status", status: 429, message: "slow down" } }, { text: "second" }, { text: "third" });
    const start = sim.requests.length;
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "one", "two", "three"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("third\n");
    expect(r.stderr).not.toContain("sim-key");
    const keys = sim.requests.slice(start).map((q) => q.headers.authorization);
    // The retry goes out with the next key, and later requests keep it.
    expect(keys).toEqual(["Bearer sim-key-one", "Bearer sim-key-one", "Bearer sim-key-two", "Bearer sim-key-two"]);
  });

  it("refuses a malformed apiKey with a message naming models.json and the provider", async () => {
    const { project, agentDir } = makeProject(sim.url);
    withApiKey(agentDir, [42]);
    sim.script({ text: "keyless" });
    const start = sim.requests.length;
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "hi"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.stderr).toContain(`${join(agentDir, "models.json")}: providers.sim.apiKey must be a string or an array of strings`);
    expect(r.stderr).not.toContain("startsWith");
    expect(r.stdout).toBe("keyless\n");
    expect(sim.requests[start].headers.authorization).toBeUndefined();
  });
});
