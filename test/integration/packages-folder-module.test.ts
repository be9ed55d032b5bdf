// A package folder with neither a `pi` manifest nor convention folders (extensions/, skills/,
// prompts/, themes/) is, as in pi, itself the extension when it is given by path (`-e <folder>`,
// a local path in settings `packages`): it is imported as Node resolves a folder (`main`, else an
// index). A main-only package loads its commands (@agentuity/pi's shape); one whose import throws
// (pi-backend's) or that resolves to nothing (@aliou/pi-utils-ui's) is reported, naming the
// folder, and the agent still answers.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";
import { commandNames } from "./packages-command-names.js";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const MAIN_ONLY = fixture("packages-main-only");
const THROWS = fixture("packages-import-throws");
const NO_ENTRY = fixture("packages-no-entry");

describe("a package folder without manifest or convention folders", () => {
  const sims = simProjects();

  it("-e <folder> imports its main module: the commands it registers are there", async () => {
    const p = sims.project();
    const { names, stderr } = await commandNames(p, ["-e", MAIN_ONLY]);
    expect(names).toContain("main-only-hello");
    expect(stderr).not.toMatch(/error/);
  }, 30_000);

  it("a local path in settings packages loads the same way", async () => {
    const p = sims.project();
    writeFileSync(join(p.agentDir, "settings.json"), JSON.stringify({ packages: [MAIN_ONLY] }));
    const { names } = await commandNames(p, []);
    expect(names).toContain("main-only-hello");
  }, 30_000);

  it("a folder whose import throws, or that resolves to no module, is reported by path; the agent still answers", async () => {
    const p = sims.project();
    sims.sim.script({ text: "still here" });
    const r = await runCli(["-e", THROWS, "-e", NO_ENTRY, "--provider", "sim", "--model", "sim-model", "--no-session", "-p", "hi"], {
      cwd: p.project,
      env: { PI_CODING_AGENT_DIR: p.agentDir },
    });
    expect(r.stderr).toContain(THROWS);
    expect(r.stderr).toMatch(/Cannot set properties of undefined \(setting 'createPayment'\)/);
    expect(r.stderr).toMatch(new RegExp(`${NO_ENTRY.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.*Cannot find module`));
    expect(r.stdout).toBe("still here\n");
  }, 30_000);
});
