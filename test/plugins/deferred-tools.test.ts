// Deferred tools: a hundred tools cost one line and one schema; tool_search finds the right one
// for natural-language requests, and what it finds is callable in the next turn.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { definePlugin, Type, type ToolDef } from "../../kernel/index.js";
import { deferTool } from "../../lib/tool-kit/index.js";
import systemPrompt from "../../plugins/system-prompt/index.js";
import deferredTools from "../../plugins/deferred-tools/index.js";
import { startKernel, toolPlugin, type Harness } from "../kernel/harness.js";
import { QUERIES, TOOL_SPECS } from "./deferred-tools-fixtures.js";

const calls: string[] = [];
const hundred = definePlugin({
  name: "hundred-tools",
  setup(api) {
    for (const [name, description, params] of TOOL_SPECS) {
      const parameters = Type.Object(Object.fromEntries(params.map((p) => [p, Type.String()])));
      api.register.tool(
        deferTool<ToolDef>({
          name,
          description,
          parameters,
          execute: async () => (calls.push(name), { content: [{ type: "text", text: `${name} done` }] }),
        }),
      );
    }
  },
});

let h: Harness;
beforeEach(async () => {
  calls.length = 0;
  h = await startKernel([systemPrompt, deferredTools, hundred]);
});
afterEach(() => h.kernel.stop());

const search = (query: string, limit = 1) => {
  const tool = h.kernel.host.current.registry.get("tool", "tool_search")!;
  return tool.execute("id", { query, limit }, new AbortController().signal, () => {}, {
    cwd: "",
    signal: new AbortController().signal,
    toolCallId: "id",
  });
};

describe("deferred tools", () => {
  it("with 100 deferred tools the system prompt plus tool definitions stay under 2,000 tokens", async () => {
    expect(TOOL_SPECS).toHaveLength(100);
    h.sim.push({ text: "ok" });
    await h.kernel.actions.prompt("hi");
    const { systemPrompt: prompt, tools } = h.sim.requests[0];
    expect(tools.map((t) => t.name)).toEqual(["tool_search"]);
    for (const [name] of TOOL_SPECS) expect(prompt).toContain(name);
    const tokens = (prompt.length + JSON.stringify(tools).length) / 4;
    expect(tokens).toBeLessThan(2000);
  });

  it.each(QUERIES)("finds the right tool for %j", async (query, expected) => {
    const result = await search(query);
    expect((result.details as { loaded: string[] }).loaded).toEqual([expected]);
  });

  it("loads a tool by its exact name, and says so when nothing matches", async () => {
    expect((await search("docker_logs", 3)).details).toEqual({ loaded: ["docker_logs"] });
    const none = await search("xylophone quantum", 3);
    expect(none.content[0]).toMatchObject({ text: expect.stringContaining('No deferred tool matches "xylophone quantum"') });
  });

  it("a found tool is callable in the next turn, and leaves the index", async () => {
    h.sim.push(
      { toolCalls: [{ name: "tool_search", arguments: { query: "post a message to a slack channel", limit: 1 } }] },
      { toolCalls: [{ name: "slack_post_message", arguments: { channel: "#general", text: "hi" } }] },
      { text: "posted" },
    );
    await h.kernel.actions.prompt("announce the release on slack");
    const [first, second, third] = h.sim.requests;
    expect(first.tools.map((t) => t.name)).toEqual(["tool_search"]);
    expect(second.tools.map((t) => t.name)).toEqual(["tool_search", "slack_post_message"]);
    expect(second.systemPrompt).not.toMatch(/Deferred tools.*slack_post_message/);
    expect(calls).toEqual(["slack_post_message"]);
    expect(third.messages.at(-1)).toMatchObject({ role: "toolResult", toolName: "slack_post_message", isError: false });
  });

  it("sends no tool_search and no index when no tool is deferred", async () => {
    await h.kernel.stop();
    h = await startKernel([systemPrompt, deferredTools, toolPlugin("plain")]);
    h.sim.push({ text: "ok" });
    await h.kernel.actions.prompt("hi");
    expect(h.sim.requests[0].tools.map((t) => t.name)).toEqual(["plain"]);
    expect(h.sim.requests[0].systemPrompt).not.toContain("Deferred tools");
  });
});
