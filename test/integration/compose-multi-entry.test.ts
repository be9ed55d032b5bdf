// One plugin per extension entry file: a package shaped like @aliou/pi-processes (three entry
// files, each registering a tool and a command, plus a skill and a prompt template) loads every
// entry, whether installed or given with `-e <folder>`, and both load the same resources. A
// plugin's identity is its package and entry file, as diagnostics name it. A single file works
// wherever a package source is accepted.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";
import { probeAgent } from "./compose-probe.js";

const MULTI = fileURLToPath(new URL("../fixtures/pi-extensions/multi-entry", import.meta.url));
const ENTRIES = ["processes", "processes-logs", "processes-dock"];
const TOOLS = ENTRIES.map((e) => `${e.replace(/-/g, "_")}_tool`);

describe("packages with several extension entry files", () => {
  const sims = simProjects();
  const env = (p: { agentDir: string }) => ({ PI_CODING_AGENT_DIR: p.agentDir });

  it("an installed package loads every entry, and -e <folder> loads the same extensions, skills and prompts", async () => {
    const p = sims.project();
    const install = await runCli(["install", MULTI], { cwd: p.project, env: env(p) });
    expect(install.code).toBe(0);
    const installed = await probeAgent(sims, p, []);
    expect(installed.stderr).not.toMatch(/error|replaces/);
    expect(installed.tools).toEqual(expect.arrayContaining(TOOLS));
    for (const entry of ENTRIES) {
      expect(installed.commands).toContainEqual({ name: entry, source: "extension", path: join(MULTI, "extensions", entry, "index.ts") });
    }
    expect(installed.commands.map((c) => c.name)).toEqual(expect.arrayContaining(["multi-status", "skill:multi-entry-notes"]));

    const q = sims.project();
    const given = await probeAgent(sims, q, ["-e", MULTI]);
    expect(given.stderr).not.toMatch(/error|replaces/);
    expect(given.tools).toEqual(installed.tools);
    expect(given.help).toEqual(installed.help);
    expect(given.commands.map((c) => c.name).sort()).toEqual(installed.commands.map((c) => c.name).sort());
    expect(given.commands.find((c) => c.name === "skill:multi-entry-notes")?.path).toBe(
      join(MULTI, "skills", "multi-entry-notes", "SKILL.md"),
    );
  }, 40_000);

  it("names a failing entry by package and file; the package's other entries still load", async () => {
    const p = sims.project();
    const pkg = join(p.root, "multi");
    cpSync(MULTI, pkg, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
    manifest.pi.extensions.push("./extensions/broken.ts");
    writeFileSync(join(pkg, "package.json"), JSON.stringify(manifest));
    writeFileSync(join(pkg, "extensions", "broken.ts"), 'export default function () { throw new Error("broken on purpose"); }\n');
    const start = sims.sim.requests.length;
    sims.sim.script({ text: "fine" });
    const r = await runCli(["-e", pkg, "--provider", "sim", "--model", "sim-model", "--no-session", "-p", "hi"], {
      cwd: p.project,
      env: env(p),
    });
    expect(r.stderr).toMatch(/@fixture\/pi-multi:extensions\/broken\.ts: setup failed in .*broken\.ts: broken on purpose/);
    expect(r.stdout).toBe("fine\n");
    const tools = sims.sim.requests[start]!.body.tools.map((t: { function: { name: string } }) => t.function.name);
    expect(tools).toEqual(expect.arrayContaining(TOOLS));
  });

  it("a single file is a package source in settings (pi install), in a composition and with -e", async () => {
    const p = sims.project();
    const dir = join(p.root, "single");
    mkdirSync(dir);
    writeFileSync(
      join(dir, "solo.ts"),
      `export default function (pi) {
  pi.registerCommand("solo", { description: "A one-file extension", handler: async () => {} });
}
`,
    );
    const soloCommand = { name: "solo", source: "extension", path: join(dir, "solo.ts") };
    const install = await runCli(["install", "./single/solo.ts"], { cwd: p.root, env: env(p) });
    expect(install.code).toBe(0);
    expect((await probeAgent(sims, p, [])).commands).toContainEqual(soloCommand);

    const q = sims.project();
    const composition = join(dir, "pi-packages.json");
    writeFileSync(composition, JSON.stringify({ extends: "default", packages: ["./solo.ts"] }));
    expect((await probeAgent(sims, q, ["--packages", composition])).commands).toContainEqual(soloCommand);
    expect((await probeAgent(sims, q, ["-e", join(dir, "solo.ts")])).commands).toContainEqual(soloCommand);
  }, 60_000);
});
