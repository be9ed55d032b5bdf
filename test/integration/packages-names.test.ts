// A built-in plugin named by its package name works where pi-kernel takes a package source besides
// compositions: in settings.json `packages` and with `-e`. A composition of the default agent
// without @pi-kernel/tool-hashline-edit; naming it adds its `hashline_edit` tool back.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { simProjects } from "../support/sim-projects.js";
import { probeAgent } from "./compose-probe.js";

// hashline_edit is off unless the tool list names it.
const TOOLS = ["--tools", "read,hashline_edit"];

describe("@pi-kernel/<name> outside compositions", () => {
  const sims = simProjects();

  it("-e @pi-kernel/tool-hashline-edit and a settings entry of that name both add the built-in", async () => {
    const p = sims.project();
    const file = join(p.root, "no-hashline.json");
    writeFileSync(file, JSON.stringify({ extends: "default", exclude: ["@pi-kernel/tool-hashline-edit"] }));
    const base = await probeAgent(sims, p, ["--packages", file, ...TOOLS]);
    expect(base.tools).not.toContain("hashline_edit");
    const given = await probeAgent(sims, p, ["--packages", file, ...TOOLS, "-e", "@pi-kernel/tool-hashline-edit"]);
    expect(given.tools).toContain("hashline_edit");
    expect(given.stderr).not.toMatch(/error/);
    writeFileSync(join(p.agentDir, "settings.json"), JSON.stringify({ packages: ["@pi-kernel/tool-hashline-edit"] }));
    const settled = await probeAgent(sims, p, ["--packages", file, ...TOOLS]);
    expect(settled.tools).toContain("hashline_edit");
    expect(settled.stderr).not.toMatch(/not installed|error/);
  }, 60_000);
});
