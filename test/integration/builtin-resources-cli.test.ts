// pi-kernel's own skills and prompt templates: listed by the real CLI, outranked by a user's file
// of the same name, and switched off one by one through `pi config`'s rows.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resourceRows } from "../../cli/config-resources.js";
import { toggleGlobal } from "../../cli/config-toggle.js";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

const s = simProjects();

describe("built-in skills and prompt templates", () => {
  it("load last (a user's /review wins), and pi config switches one off", async () => {
    const p = s.project();
    const dirs = { cwd: p.project, agentDir: p.agentDir, home: homedir() };
    const builtin = resourceRows("global", dirs).filter((r) => r.group.source === "builtin");
    expect(builtin.map((r) => r.name).sort()).toEqual(
      ["commit-message.md", "explain.md", "extend-pi-kernel", "review.md", "write-skills-and-prompts"].sort(),
    );
    expect(builtin.every((r) => r.enabled)).toBe(true);

    mkdirSync(join(p.agentDir, "prompts"), { recursive: true });
    writeFileSync(join(p.agentDir, "prompts", "review.md"), "---\ndescription: my own review\n---\nReview it my way.\n");
    toggleGlobal(builtin.find((r) => r.name === "explain.md")!, false, dirs);
    expect(JSON.parse(readFileSync(join(p.agentDir, "settings.json"), "utf8")).prompts[0]).toMatch(/^-\/.*prompts\/explain\.md$/);
    expect(resourceRows("global", dirs).find((r) => r.name === "explain.md" && r.group.source === "builtin")?.enabled).toBe(false);

    const help = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "/help"], {
      cwd: p.project,
      env: { PI_CODING_AGENT_DIR: p.agentDir },
    });
    expect(help.stdout).toMatch(/\/review .*my own review/);
    expect(help.stdout).toMatch(/\/commit-message/);
    expect(help.stdout).not.toMatch(/\/explain\b/);
    expect(help.stdout).toMatch(/\/skill:extend-pi-kernel/);
    expect(help.stdout).toMatch(/\/skill:write-skills-and-prompts/);
  });
});
