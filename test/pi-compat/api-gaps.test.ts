// pi 1.5's registration API in a real kernel (in process): getFlag reads only the extension's own
// flags, getSettings, registerMcpServer through the mcp plugin (a real stdio server, a configured
// server of the same name winning, mcp_servers_change after start), and a virtual model whose
// route sends the request to the physical model and keeps its state on the session branch.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { McpService } from "../../contracts/mcp.js";
import type { ModelsService } from "../../contracts/models.js";
import commandsCore from "../../plugins/commands-core/index.js";
import mcp from "../../plugins/mcp/index.js";
import models from "../../plugins/models/index.js";
import piCompat from "../../plugins/pi-compat/index.js";
import sessionJsonl from "../../plugins/session-jsonl/index.js";
import { type Harness, startKernel } from "../kernel/harness.js";

const ext = (name: string) => fileURLToPath(new URL(`../fixtures/pi-extensions/${name}`, import.meta.url));
const FIXTURE = resolve("test/plugins/mcp/fixture-server.mjs");

interface Seen {
  fixture: string;
  physical?: unknown;
  flags?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  serversAtStart?: string[];
  changes: string[][];
  routes: { reason: string; state: unknown; hasUi: boolean }[];
  badName?: string;
  otherOwn?: () => unknown;
}
const seen: Seen = { fixture: FIXTURE, changes: [], routes: [] };
let h: Harness;
let dir: string;

beforeAll(async () => {
  (globalThis as { __apiGaps?: Seen }).__apiGaps = seen;
  dir = mkdtempSync(join(tmpdir(), "pik-api-gaps-"));
  const agentDir = join(dir, "agent");
  mkdirSync(agentDir, { recursive: true });
  writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ theme: "light", compaction: { enabled: false } }));
  writeFileSync(join(agentDir, "mcp.json"), JSON.stringify({ mcpServers: { shadow: { command: process.execPath, args: [FIXTURE] } } }));
  h = await startKernel([commandsCore, models, sessionJsonl, mcp, piCompat], {
    cwd: dir,
    agentDir,
    settings: { theme: "light", compaction: { enabled: false } },
    noDiscovery: false,
    noExtensions: true,
    extensionPaths: [ext("api-gaps.ts"), ext("api-gaps-other.ts")],
    flags: { model: "somewhere/some-model" },
  });
  seen.physical = h.sim.model;
  await mcpService().ready(20_000);
}, 60_000);
afterAll(async () => {
  await h?.kernel.stop();
  rmSync(dir, { recursive: true, force: true });
  delete (globalThis as { __apiGaps?: Seen }).__apiGaps;
});

const mcpService = () => h.kernel.host.current.services.get("mcp")!.impl as McpService;
const modelsService = () => h.kernel.host.current.services.get("models")!.impl as ModelsService;

describe("pi 1.5's registration API", () => {
  it("getFlag gives an extension its own flags only; getSettings a copy of the merged settings", () => {
    expect(seen.flags).toEqual({ own: "own-default", other: undefined, builtin: undefined });
    expect(seen.otherOwn?.()).toBe("other-default");
    expect(seen.settings).toMatchObject({ theme: "light", compaction: { enabled: false } });
  });

  it("registerMcpServer connects through the mcp plugin; mcp.json wins a name; unregister closes it", async () => {
    expect(seen.serversAtStart).toEqual(["fx", "shadow"]);
    expect(seen.badName).toMatch(/not a valid server name/);
    const fx = mcpService()
      .servers()
      .find((s) => s.name === "fx")!;
    expect(fx).toMatchObject({ state: "connected", scope: "session", deferred: false });
    expect(fx.tools.length).toBeGreaterThan(0);
    const shadow = mcpService()
      .servers()
      .find((s) => s.name === "shadow")!;
    expect(shadow).toMatchObject({ scope: "global", state: "connected" });
    await h.kernel.actions.prompt("/drop-fx");
    expect(
      mcpService()
        .servers()
        .map((s) => s.name),
    ).not.toContain("fx");
    expect(seen.changes).toEqual([["shadow"]]);
  });

  it("a virtual model is listed under its provider and routes each request to the physical model", async () => {
    const auto = modelsService().find("router", "auto")!;
    expect(auto).toMatchObject({ name: "Auto router", api: "pi-virtual" });
    h.kernel.actions.setModel(auto);
    h.sim.push({ text: "first" }, { text: "second" });
    await h.kernel.actions.prompt("hello");
    await h.kernel.actions.prompt("again");
    expect(h.sim.requests).toHaveLength(2);
    const answers = h.kernel.agent.messages.filter((m) => m.role === "assistant") as { provider: string; model: string }[];
    expect(answers.map((m) => `${m.provider}/${m.model}`)).toEqual([
      `${h.sim.model.provider}/${h.sim.model.id}`,
      `${h.sim.model.provider}/${h.sim.model.id}`,
    ]);
    expect(seen.routes).toEqual([
      { reason: "user", state: undefined, hasUi: true },
      { reason: "user", state: { n: 1 }, hasUi: true },
    ]);
  });
});
