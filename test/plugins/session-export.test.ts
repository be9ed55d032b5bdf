// Exports: /export to HTML and JSONL, and `pi --export` as a surface; the page embeds the whole
// tree and its viewer renders the path, tool calls, diffs and labels.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import exportHtml from "../../plugins/export-html/index.js";
import { VIEWER_SCRIPT } from "../../plugins/export-html/viewer.js";
import { sessionSuite, copyFixture, sessionEnv, startAgent } from "../support/sessions.js";
import type { CommandDef } from "../../contracts/index.js";
import { atifProblems } from "../support/atif-schema.js";

const t = sessionSuite();

/** Runs the page's viewer against a tiny DOM stand-in and returns what it rendered. */
function view(html: string, click?: string): { messages: string; tree: string } {
  const data = /<script type="application\/json" id="session-data">([\s\S]*?)<\/script>/.exec(html)![1];
  const els: Record<
    string,
    {
      textContent?: string;
      innerHTML: string;
      value?: string;
      listeners: Record<string, (e: unknown) => void>;
      addEventListener(t: string, f: (e: unknown) => void): void;
    }
  > = {};
  const el = (id: string) =>
    (els[id] ??= {
      innerHTML: "",
      listeners: {},
      addEventListener(t, f) {
        this.listeners[t] = f;
      },
    });
  el("session-data").textContent = data;
  new Function("document", VIEWER_SCRIPT)({ getElementById: el });
  if (click) el("tree").listeners.click({ target: { closest: () => ({ getAttribute: () => click }) } });
  return { messages: el("messages").innerHTML, tree: el("tree").innerHTML };
}

describe("/export", () => {
  it("writes a self-contained HTML page whose viewer shows the active path and the whole tree", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture("compacted", t.env.sessionDir, t.env.project);
    t.agent = await startAgent(t.env, { session: file }, [exportHtml]);
    const out = String(
      await (t.agent.api.registry.get("command", "export") as CommandDef).handler("page.html", { args: "page.html", api: t.agent.api }),
    );
    const target = join(t.env.project, "page.html");
    expect(out).toBe(`Session exported to: ${target}`);
    const html = readFileSync(target, "utf8");
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
    expect(html).toContain('<input id="search"');
    expect(html).toMatch(/--toolDiffAdded:#[0-9a-f]{6}/i);
    const { messages, tree } = view(html);
    expect(messages).toContain("Compacted (1832 tokens before)");
    expect(messages).toContain("Next: add a test for the greeting.");
    expect(messages).toContain("<span class=add>+1 const greeting = &quot;Hello, world&quot;;</span>");
    expect(tree).toContain("user: Fix the greeting in src/greet.js");
    // clicking an earlier entry shows the path to it
    const early = view(html, "50f8b772").messages;
    expect(early).toContain("<div class=tool-title>read <span class=muted>src/greet.js</span></div>");
    expect(early).not.toContain("Compacted");
  });

  it('is offered as the "export" service (RPC export_html)', async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture("simple", t.env.sessionDir, t.env.project);
    t.agent = await startAgent(t.env, { session: file }, [exportHtml]);
    const path = await t.agent.api.services.use("export").exportHtml("rpc.html");
    expect(path).toBe(join(t.env.project, "rpc.html"));
    expect(view(readFileSync(path, "utf8")).messages).toContain("It prints a greeting.");
  });

  it("to .jsonl copies the session file", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture("branched", t.env.sessionDir, t.env.project);
    t.agent = await startAgent(t.env, { session: file }, [exportHtml]);
    await (t.agent.api.registry.get("command", "export") as CommandDef).handler("copy.jsonl", { args: "copy.jsonl", api: t.agent.api });
    expect(readFileSync(join(t.env.project, "copy.jsonl"), "utf8")).toBe(readFileSync(file, "utf8"));
  });
});

describe("a Harbor trajectory (ATIF)", () => {
  it("/export to .json writes the whole active branch: compaction as a system step, calls paired with their results", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture("compacted", t.env.sessionDir, t.env.project);
    t.agent = await startAgent(t.env, { session: file }, [exportHtml]);
    await (t.agent.api.registry.get("command", "export") as CommandDef).handler("trajectory.json", {
      args: "trajectory.json",
      api: t.agent.api,
    });
    const trajectory = JSON.parse(readFileSync(join(t.env.project, "trajectory.json"), "utf8"));
    expect(atifProblems(trajectory)).toEqual([]);
    expect(trajectory.session_id).toBe(t.agent.api.services.use("sessions").header().id);
    const sources = trajectory.steps.map((s: { source: string }) => s.source);
    expect(sources[0]).toBe("user");
    expect(sources).toContain("system");
    const system = trajectory.steps.find((s: { source: string }) => s.source === "system");
    expect(system.extra).toEqual({ context_management: "compaction" });
    // The history before the compaction is kept: a trajectory is the whole run.
    const read = trajectory.steps.find((s: { tool_calls?: { function_name: string }[] }) => s.tool_calls?.[0]?.function_name === "read");
    expect(read.observation.results[0].source_call_id).toBe(read.tool_calls[0].tool_call_id);
    expect(read.observation.results[0].content).toContain("greeting");
    expect(trajectory.final_metrics.total_steps).toBe(trajectory.steps.length);
    expect(trajectory.final_metrics.total_prompt_tokens).toBeGreaterThan(0);
  });

  it("pi --export of a branched session to .json follows the branch the file ends on", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture("branched", t.env.sessionDir, t.env.project);
    t.agent = await startAgent(t.env, { export: file, session: false }, [exportHtml]);
    const surface = t.agent.api.registry.list("surface").find((s) => s.claims?.(t.agent!.api.flags));
    expect(await surface!.run({ messages: ["branch.json"] })).toBe(0);
    const trajectory = JSON.parse(readFileSync(join(t.env.project, "branch.json"), "utf8"));
    expect(atifProblems(trajectory)).toEqual([]);
    const text = JSON.stringify(trajectory.steps);
    expect(text).toContain("TTL: every entry expires after a fixed time.");
    expect(text).not.toContain("LRU: evict");
  });
});

describe("pi --export", () => {
  it("a surface claims the flag and exports a file given by path, labels included", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture("branched", t.env.sessionDir, t.env.project);
    t.agent = await startAgent(t.env, { export: file, session: false }, [exportHtml]);
    const surface = t.agent.api.registry.list("surface").find((s) => s.claims?.(t.agent!.api.flags));
    expect(surface?.name).toBe("export");
    const code = await surface!.run({ messages: ["out.html"] });
    expect(code).toBe(0);
    const html = readFileSync(join(t.env.project, "out.html"), "utf8");
    const { tree, messages } = view(html);
    expect(tree).toContain("<span class=label>lfu-variant</span>");
    expect(tree).toContain("user: Use an LRU policy.");
    expect(messages).toContain("TTL: every entry expires after a fixed time.");
    expect(messages).not.toContain("LRU: evict");
    expect(existsSync(file)).toBe(true);
  });
});
