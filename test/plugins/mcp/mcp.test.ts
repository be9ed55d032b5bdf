// The mcp plugin in a real kernel with real MCP servers (server-everything over stdio and the
// fixture server): a prompt run as a slash command, tools/list_changed picked up, abort of a
// running call reaching the server as a cancellation, the mcp service (status and redacted
// config), and an edited mcp.json reconnecting only what changed. One kernel for the file.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { McpService } from "../../../contracts/mcp.js";
import commandsCore from "../../../plugins/commands-core/index.js";
import deferredTools from "../../../plugins/deferred-tools/index.js";
import mcp from "../../../plugins/mcp/index.js";
import systemPrompt from "../../../plugins/system-prompt/index.js";
import { type Harness, startKernel } from "../../kernel/harness.js";

const BIN = resolve("node_modules/.bin");
const FIXTURE = resolve("test/plugins/mcp/fixture-server.mjs");
const dir = mkdtempSync(join(tmpdir(), "pik-mcp-"));
const agentDir = join(dir, "agent");
const mark = join(dir, "cancelled.txt");
const down = join(dir, "flaky-is-down");
const config = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    mcpServers: {
      everything: { command: join(BIN, "mcp-server-everything"), args: ["stdio"], env: { SECRET_KEY: "hush-hush-value" } },
      fx: { command: process.execPath, args: [FIXTURE], env: { MARK_FILE: mark }, defer: false },
      flaky: { command: process.execPath, args: [FIXTURE], env: { FAIL_IF_EXISTS: down }, defer: false },
      ...extra,
    },
  });
let h: Harness;

beforeAll(async () => {
  mkdirSync(agentDir, { recursive: true });
  writeFileSync(down, "");
  writeFileSync(join(agentDir, "mcp.json"), config());
  h = await startKernel([commandsCore, systemPrompt, deferredTools, mcp], { cwd: dir, agentDir });
  await service().ready(20_000);
});
afterAll(() => h.kernel.stop());

const service = () => h.kernel.host.current.services.get("mcp")!.impl as McpService;
const lastTool = () =>
  h.sim.requests
    .at(-1)!
    .messages.filter((m) => m.role === "toolResult")
    .at(-1) as {
    content: { text: string }[];
    isError: boolean;
  };

describe("mcp plugin", () => {
  it("reports servers through the service, with secrets redacted", () => {
    const everything = service()
      .servers()
      .find((s) => s.name === "everything")!;
    expect(everything).toMatchObject({ state: "connected", transport: "stdio", deferred: true, scope: "global" });
    expect(everything.tools).toContain("mcp__everything__echo");
    expect(everything.prompts).toContain("mcp__everything__args-prompt");
    expect(service().config("everything")!.env).toEqual({ SECRET_KEY: "***" });
    expect(JSON.stringify(service().servers())).not.toContain("hush-hush-value");
  });

  it("runs a prompt as a slash command: its messages become the user message", async () => {
    h.sim.push({ text: "sunny" });
    await h.kernel.actions.prompt("/mcp__everything__args-prompt Paris state=Texas");
    const user = h.sim.requests.at(-1)!.messages.at(-1)!;
    expect(user.role).toBe("user");
    expect(JSON.stringify(user.content)).toContain("What's weather in Paris, Texas?");
  });

  it("picks up tools/list_changed: a tool added by the server is callable", async () => {
    expect(
      service()
        .servers()
        .find((s) => s.name === "fx")!.tools,
    ).not.toContain("mcp__fx__sprout");
    h.sim.push(
      { toolCalls: [{ name: "mcp__fx__grow", arguments: {} }] },
      { toolCalls: [{ name: "mcp__fx__sprout", arguments: {} }] },
      { text: "ok" },
    );
    await h.kernel.actions.prompt("grow it");
    const requests = h.sim.requests.slice(-3);
    expect(requests[1]!.tools.map((t) => t.name)).toContain("mcp__fx__sprout");
    expect(lastTool()).toMatchObject({ isError: false, content: [{ text: "sprouted" }] });
  });

  it("a tool the server stops listing is unregistered, not merely inactive", async () => {
    const registered = () => h.kernel.host.current.registry.get("tool", "mcp__fx__sprout");
    expect(registered()).toBeDefined();
    h.sim.push({ toolCalls: [{ name: "mcp__fx__shrink", arguments: {} }] }, { text: "ok" });
    await h.kernel.actions.prompt("shrink it");
    h.sim.push({ text: "next" });
    await h.kernel.actions.prompt("what now?");
    expect(h.sim.requests.at(-1)!.tools.map((t) => t.name)).not.toContain("mcp__fx__sprout");
    expect(registered()).toBeUndefined();
    expect(h.kernel.host.current.registry.list("tool").map((t) => (t as { name: string }).name)).not.toContain("mcp__fx__sprout");
    expect(
      service()
        .servers()
        .find((s) => s.name === "fx")!.tools,
    ).not.toContain("mcp__fx__sprout");
  });

  it("aborts a running call: the server sees the cancellation and the agent is idle", async () => {
    h.sim.push({ toolCalls: [{ name: "mcp__fx__wait", arguments: {} }] }, { text: "never" });
    const started = new Promise<void>((ok) => {
      const check = setInterval(() => {
        if (h.events.some((e) => e.type === "tool_execution_start" && (e as { toolName?: string }).toolName === "mcp__fx__wait")) {
          clearInterval(check);
          ok();
        }
      }, 5);
    });
    const run = h.kernel.actions.prompt("wait forever");
    await started;
    h.kernel.actions.abort();
    await run;
    // writeFileSync creates the file before it writes: wait for the text, not only the file.
    while (!existsSync(mark) || readFileSync(mark, "utf8") === "") await new Promise((r) => setTimeout(r, 10));
    expect(readFileSync(mark, "utf8")).toBe("cancelled");
    const end = h.events.filter((e) => e.type === "tool_execution_end").at(-1) as {
      isError: boolean;
      result: { content: { text: string }[] };
    };
    expect(end.isError).toBe(true);
    expect(h.kernel.agent.isStreaming).toBe(false);
  });

  it("retries a failed server on the next request once its backoff has passed, and its tools come back", async () => {
    const flaky = () =>
      service()
        .servers()
        .find((s) => s.name === "flaky")!;
    expect(flaky().state).toBe("failed");
    rmSync(down);
    h.sim.push({ text: "too soon" });
    await h.kernel.actions.prompt("first");
    expect(flaky().state).toBe("failed"); // inside the first backoff (1 s): not tried again yet
    await new Promise((r) => setTimeout(r, 1_100));
    h.sim.push({ text: "back" });
    await h.kernel.actions.prompt("second");
    expect(flaky().state).toBe("connected");
    const tools = (h.sim.requests.at(-1) as unknown as { tools?: { name: string }[] }).tools ?? [];
    expect(tools.map((t) => t.name)).toContain("mcp__flaky__grow");
  });

  it("an edited mcp.json connects the added server and keeps the unchanged ones", async () => {
    const before = service()
      .servers()
      .find((s) => s.name === "everything")!;
    writeFileSync(join(agentDir, "mcp.json"), config({ crash: { command: process.execPath, args: ["-e", "process.exit(2)"] } }));
    while (
      !service()
        .servers()
        .some((s) => s.name === "crash" && s.state === "failed")
    )
      await new Promise((r) => setTimeout(r, 20));
    expect(
      service()
        .servers()
        .find((s) => s.name === "everything"),
    ).toEqual(before);
    expect(h.diagnostics.some((d) => d.message.includes('MCP server "crash"'))).toBe(true);
    h.sim.push({ text: "still here" });
    await h.kernel.actions.prompt("hello?");
    expect(h.events.some((e) => e.type === "agent_end")).toBe(true);
  });
});
