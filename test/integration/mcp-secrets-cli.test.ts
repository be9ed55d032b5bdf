// `${VAR}` references in an MCP config are secrets' names, not places to print their values:
// `pi mcp list`, `pi mcp get` and the warnings a failing server leaves show the reference as
// written, never the value (issue 30, point 8). Real CLI, real config files.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { makeProject } from "../support/scenario.mjs";
import { runCli } from "../support/run-cli.js";

const SECRET = "sk-mcp-7c1d2e3f4a5b";
const FIXTURE = resolve("test/plugins/mcp/fixture-server.mjs");

function project(mcpServers: object) {
  const p = makeProject("http://127.0.0.1:9");
  writeFileSync(join(p.agentDir, "mcp.json"), JSON.stringify({ mcpServers }));
  // Nothing answers as the model: retried quickly, not for 2 + 4 + 8 s.
  writeFileSync(join(p.agentDir, "settings.json"), JSON.stringify({ retry: { baseDelayMs: 5 } }));
  return p;
}

const env = (agentDir: string) => ({ PI_CODING_AGENT_DIR: agentDir, MCP_TOKEN: SECRET, MCP_HOST: "127.0.0.1" });

describe("MCP secrets in ${VAR} references (spawned CLI)", () => {
  const servers = {
    arg: { command: process.execPath, args: [FIXTURE, "--token", "${MCP_TOKEN}"], env: { API_KEY: "${MCP_TOKEN}" } },
    inline: { command: process.execPath, args: [FIXTURE, "--token=${MCP_TOKEN}"] },
    url: { type: "http", url: "http://${MCP_HOST}:9/mcp?key=${MCP_TOKEN}", headers: { Authorization: "Bearer ${MCP_TOKEN}" } },
    fallback: { type: "http", url: "http://127.0.0.1:9/${MISSING_VAR:-${MCP_TOKEN}}" },
  };

  it("pi mcp list prints the references, not the values", async () => {
    const p = project(servers);
    const r = await runCli(["mcp", "list"], { cwd: p.project, env: env(p.agentDir), timeoutMs: 30_000 });
    expect(r.stdout + r.stderr).not.toContain(SECRET);
    expect(r.stdout).toContain("--token ${MCP_TOKEN}");
    expect(r.stdout).toContain("key=${MCP_TOKEN}");
  });

  for (const name of Object.keys(servers)) {
    it(`pi mcp get ${name} prints the references, not the values`, async () => {
      const p = project(servers);
      const r = await runCli(["mcp", "get", name], { cwd: p.project, env: env(p.agentDir), timeoutMs: 30_000 });
      expect(r.code).toBe(0);
      expect(r.stdout + r.stderr).not.toContain(SECRET);
      expect(r.stdout).toContain("${MCP_TOKEN}");
    });
  }

  it("a server that fails to start leaves warnings without the values", async () => {
    const p = project({
      broken: { command: "/nonexistent/${MCP_TOKEN}/server", args: ["${MCP_TOKEN}"] },
      down: { type: "http", url: "http://127.0.0.1:9/mcp/${MCP_TOKEN}" },
    });
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "hi"], {
      cwd: p.project,
      env: env(p.agentDir),
      timeoutMs: 30_000,
    });
    expect(r.stdout + r.stderr).not.toContain(SECRET);
  });
});
