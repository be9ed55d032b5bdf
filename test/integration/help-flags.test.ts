// `pi --help` as pi prints it: the options, the subcommands (each with its own --help), and the
// flags the agent's extensions register with pi.registerFlag (the extensions are loaded for it).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "pik-help-"));
const agentDir = join(dir, "agent");
const env = { PI_CODING_AGENT_DIR: agentDir };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("pi --help", () => {
  it("lists the subcommands, and each answers --help", async () => {
    const h = await runCli(["--help"], { cwd: dir, env });
    expect(h.code).toBe(0);
    for (const sub of ["install <source>", "remove <source>", "update [source]", "list", "mcp add|remove|get|list"]) {
      expect(h.stdout).toContain(`pi ${sub}`);
    }
    // The built-in plugins' flags are listed too (they once were missing).
    expect(h.stdout).toMatch(/Plugin flags:\n(.*\n)* {2}--permission-mode <value> +.*\(yolo, ask, accept-edits, read-only\)/);
    for (const sub of ["install", "list", "mcp"]) {
      const r = await runCli([sub, "--help"], { cwd: dir, env });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^usage:/);
    }
  });

  it("lists the flags extensions register, with their descriptions", async () => {
    const ext = join(dir, "flags.ts");
    writeFileSync(
      ext,
      `export default function (pi) {
  pi.registerFlag("plan", { type: "boolean", description: "start in plan mode" });
  pi.registerFlag("depth", { type: "string" });
}
`,
    );
    const h = await runCli(["-e", ext, "--help"], { cwd: dir, env });
    expect(h.code).toBe(0);
    expect(h.stderr).toBe("");
    expect(h.stdout).toMatch(/\n {2}--plan +start in plan mode\n {2}--depth <value> +registered by flags\n/);
  });
});
