// The early spawn (plugins/mcp/prestart.ts): loading the mcp plugin's module starts the stdio
// servers of the default config (PI_CODING_AGENT_DIR), before any setup; setup takes over the one
// whose config it loads too, and kills one it does not. Real processes, found by a marker
// argument in their command line.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, expect, it, vi } from "vitest";
import type { McpService } from "../../../contracts/mcp.js";
import type { PluginDef } from "../../../kernel/index.js";
import { type Harness, startKernel } from "../../kernel/harness.js";

const FIXTURE = resolve("test/plugins/mcp/fixture-server.mjs");
const root = mkdtempSync(join(tmpdir(), "pik-mcp-prestart-"));
const savedAgentDir = process.env.PI_CODING_AGENT_DIR;
const harnesses: Harness[] = [];
afterEach(() => {
  if (savedAgentDir === undefined) delete process.env.PI_CODING_AGENT_DIR;
  else process.env.PI_CODING_AGENT_DIR = savedAgentDir;
});
afterAll(async () => {
  for (const h of harnesses) await h.kernel.stop();
});

/** An agent dir whose mcp.json names one fixture server carrying `marker` in its arguments. */
function agentDirWith(marker: string): string {
  const dir = join(root, marker);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "mcp.json"), JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE, marker] } } }));
  return dir;
}
/** The pids of the running processes whose command line holds `marker`. */
const running = (marker: string): number[] =>
  execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes(marker))
    .map((line) => Number.parseInt(line.trim(), 10));
/** A fresh copy of the plugin module, loaded with the agent dir given: its body prestarts. */
async function loadPlugin(agentDir: string): Promise<PluginDef> {
  process.env.PI_CODING_AGENT_DIR = agentDir;
  vi.resetModules();
  return (await import("../../../plugins/mcp/index.js")).default as PluginDef;
}
async function start(plugin: PluginDef, agentDir: string): Promise<McpService> {
  const h = await startKernel([plugin], { cwd: root, agentDir });
  harnesses.push(h);
  return h.kernel.host.current.services.get("mcp")!.impl as McpService;
}

it("spawns the default config's servers as the module loads, and setup takes them over", async () => {
  const agentDir = agentDirWith("prestart-claimed");
  const plugin = await loadPlugin(agentDir);
  const early = running("prestart-claimed");
  expect(early).toHaveLength(1); // spawned before any setup ran
  const mcp = await start(plugin, agentDir);
  await mcp.ready(20_000);
  expect(mcp.servers().map((s) => [s.name, s.state])).toEqual([["fx", "connected"]]);
  expect(running("prestart-claimed")).toEqual(early); // the same process, not a second one
});

it("kills a prestarted server whose config setup does not load (another agent dir)", async () => {
  const plugin = await loadPlugin(agentDirWith("prestart-unclaimed"));
  expect(running("prestart-unclaimed")).toHaveLength(1);
  const mcp = await start(plugin, join(root, "elsewhere"));
  expect(mcp.servers()).toEqual([]);
  for (let i = 0; i < 100 && running("prestart-unclaimed").length > 0; i++) await new Promise((r) => setTimeout(r, 20));
  expect(running("prestart-unclaimed")).toEqual([]);
});
