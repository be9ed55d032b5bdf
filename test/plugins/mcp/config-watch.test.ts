// The MCP config watcher when the config's folder does not exist at start-up: the agent dir is
// created, and mcp.json written into it, mid-session; the server it names connects.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";
import type { McpService } from "../../../contracts/mcp.js";
import mcp from "../../../plugins/mcp/index.js";
import { type Harness, startKernel } from "../../kernel/harness.js";

const FIXTURE = resolve("test/plugins/mcp/fixture-server.mjs");
let h: Harness | undefined;
afterAll(() => h?.kernel.stop());

it("connects a server from an mcp.json whose folder was created after start-up", async () => {
  const dir = mkdtempSync(join(tmpdir(), "pik-mcp-watch-"));
  const agentDir = join(dir, "later", "agent");
  h = await startKernel([mcp], { cwd: dir, agentDir });
  const servers = () => (h!.kernel.host.current.services.get("mcp")!.impl as McpService).servers();
  expect(servers()).toEqual([]);
  await new Promise((r) => setTimeout(r, 300)); // the watcher starts after chokidar loads
  mkdirSync(agentDir, { recursive: true });
  writeFileSync(join(agentDir, "mcp.json"), JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE] } } }));
  for (let i = 0; i < 250 && !servers().some((s) => s.state === "connected"); i++) await new Promise((r) => setTimeout(r, 20));
  expect(servers().map((s) => [s.name, s.state])).toEqual([["fx", "connected"]]);
});
