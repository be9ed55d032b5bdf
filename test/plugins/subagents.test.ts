// The subagents plugin in process (the SDK composes the agent, the simulator answers): agent files
// surfaced and re-read on edit, project agents only once trusted, output schemas, model roles,
// the parent's toolCall gate over the children's calls, and no nested subagents by default.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definePlugin, type AgentEvent } from "../../kernel/index.js";
import { createAgentSession, type CreateSessionOptions } from "../../sdk/index.js";
import { makeProject, writeTwoModels } from "../support/scenario.mjs";
import { startSimulator, type RecordedRequest, type Simulator } from "../support/simulator/index.mjs";

type Json = Record<string, any>;

describe("subagents plugin", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  const systemOf = (r: RecordedRequest) => String(r.body.messages[0].content);
  const toolNames = (r: RecordedRequest) => (r.body.tools ?? []).map((t: Json) => t.function.name);

  async function session(o: Partial<CreateSessionOptions> & { settings?: Json } = {}, files: Record<string, string> = {}) {
    const p = makeProject(sim.url);
    writeTwoModels(p.agentDir, sim.url);
    for (const [rel, text] of Object.entries(files)) {
      const path = join(rel.startsWith(".pi/") ? p.project : p.agentDir, rel);
      mkdirSync(join(path, ".."), { recursive: true });
      writeFileSync(path, text);
    }
    const events: AgentEvent[] = [];
    const s = await createAgentSession({ cwd: p.project, agentDir: p.agentDir, model: "sim/sim-model", noSession: true, ...o });
    s.subscribe((e) => events.push(e));
    return { ...p, s, events };
  }
  const agentFile = (name: string, description: string, extra = "") =>
    `---\nname: ${name}\ndescription: ${description}\n${extra}---\nYou are ${name}.\n`;
  const toolEnds = (events: AgentEvent[]) => events.filter((e) => e.type === "tool_execution_end") as Json[];

  it("lists agents by name and description, and an edited file is in the next request", async () => {
    const { s, agentDir } = await session({}, { "agents/helper.md": agentFile("helper", "First description") });
    sim.script({ text: "one" }, { text: "two" });
    const from = sim.requests.length;
    await s.prompt("hi");
    writeFileSync(join(agentDir, "agents", "helper.md"), agentFile("helper", "Edited description"));
    writeFileSync(join(agentDir, "agents", "second.md"), agentFile("second", "A new agent"));
    await s.prompt("again");
    const [first, second] = sim.requests.slice(from).map(systemOf);
    expect(first).toContain("First description");
    expect(second).toContain("Edited description");
    expect(second).toContain("<name>second</name>");
    expect(second).not.toContain("First description");
    await s.dispose();
  });

  it("the tool is on by default once an agent is defined; without agents pi's default tools stay as they are", async () => {
    const none = await session();
    const enabled = await session({ settings: { subagents: { enabled: true } } });
    const withAgent = await session({}, { "agents/a.md": agentFile("a", "An agent") });
    sim.script({ text: "1" }, { text: "2" }, { text: "3" });
    const from = sim.requests.length;
    for (const x of [none, enabled, withAgent]) await x.s.prompt("hi");
    const [a, b, c] = sim.requests.slice(from);
    expect(toolNames(a)).not.toContain("subagent");
    expect(systemOf(a)).not.toContain("subagent tool");
    expect(toolNames(b)).toContain("subagent");
    expect(toolNames(c)).toContain("subagent");
    for (const x of [none, enabled, withAgent]) await x.s.dispose();
  });

  it("reads a project's agents only once the project is trusted, and they win over the user's", async () => {
    const files = { "agents/same.md": agentFile("same", "User version"), ".pi/agents/same.md": agentFile("same", "Project version") };
    const untrusted = await session({}, files);
    sim.script({ text: "ok" });
    let from = sim.requests.length;
    await untrusted.s.prompt("hi");
    expect(systemOf(sim.requests[from])).toContain("User version");
    expect(systemOf(sim.requests[from])).not.toContain("Project version");
    await untrusted.s.dispose();

    const trusted = await session({ trust: true }, files);
    sim.script({ text: "ok" });
    from = sim.requests.length;
    await trusted.s.prompt("hi");
    expect(systemOf(sim.requests[from])).toContain("Project version");
    expect(systemOf(sim.requests[from])).not.toContain("User version");
    await trusted.s.dispose();
  });

  it("an output schema makes the child submit a value the kernel validates", async () => {
    const { s, events } = await session({ settings: { subagents: { enabled: true } } });
    const schema = { type: "object", properties: { count: { type: "number" } }, required: ["count"] };
    sim.script(
      { toolCalls: [{ name: "subagent", arguments: { instructions: "You count things.", task: "count", outputSchema: schema } }] },
      { toolCalls: [{ name: "submit_result", arguments: { count: "many" } }] },
      { toolCalls: [{ name: "submit_result", arguments: { count: 3 } }] },
      { text: "parent done" },
    );
    const from = sim.requests.length;
    await s.prompt("delegate");
    const [, child1, child2, parent2] = sim.requests.slice(from);
    expect(systemOf(child1)).toContain("You count things.");
    expect(toolNames(child1)).toContain("submit_result");
    // The invalid value went back to the child with the reason.
    expect(JSON.stringify(child2.body.messages.at(-1))).toMatch(/count: must be number/);
    const end = toolEnds(events).find((e) => e.toolName === "subagent")!;
    expect(end.isError).toBe(false);
    expect(end.result.details.output).toEqual({ count: 3 });
    expect(JSON.parse(end.result.content[0].text)).toEqual({ count: 3 });
    expect(parent2.rawBody).toContain('\\"count\\": 3');
    await s.dispose();
  });

  it("a child asking for a model role gets the role's model; children have no subagent tool of their own", async () => {
    const { s } = await session({ settings: { modelRoles: { small: "sim/sim-other" }, subagents: { enabled: true } } });
    sim.script(
      { toolCalls: [{ name: "subagent", arguments: { instructions: "Be brief.", task: "t", model: "small" } }] },
      { text: "child" },
      { text: "p" },
    );
    const from = sim.requests.length;
    await s.prompt("delegate");
    const child = sim.requests[from + 1];
    expect(child.body.model).toBe("sim-other");
    expect(toolNames(child)).not.toContain("subagent");
    expect(toolNames(sim.requests[from])).toContain("subagent");
    await s.dispose();
  });

  it("an unknown agent or model is an error result the model can act on", async () => {
    const { s, events } = await session({}, { "agents/known.md": agentFile("known", "Exists") });
    sim.script(
      {
        toolCalls: [
          { name: "subagent", arguments: { agent: "nobody", task: "t" } },
          { name: "subagent", arguments: { agent: "known", task: "t", model: "no-such-model-anywhere" } },
        ],
      },
      { text: "ok" },
    );
    await s.prompt("delegate");
    const [a, b] = toolEnds(events).map((e) => e.result.content[0].text);
    expect(a).toMatch(/Unknown agent "nobody" \(available: known\)/);
    expect(b).toMatch(/No model matches "no-such-model-anywhere"/);
    await s.dispose();
  });

  it("the parent's toolCall gate decides about a child's tool calls", async () => {
    const gate = definePlugin({
      name: "test-gate",
      setup(api) {
        api.on("toolCall", (e) => (e.toolName === "bash" ? { block: true, reason: "bash is blocked by the parent" } : undefined));
      },
    });
    const { s } = await session({ plugins: [gate], settings: { subagents: { enabled: true } } });
    sim.script(
      { toolCalls: [{ name: "subagent", arguments: { instructions: "Run things.", task: "run ls", tools: ["bash"] } }] },
      { toolCalls: [{ name: "bash", arguments: { command: "echo SHOULD-NOT-RUN" } }] },
      { text: "child saw the block" },
      { text: "p" },
    );
    const from = sim.requests.length;
    await s.prompt("delegate");
    const childSecond = sim.requests[from + 2];
    const result = JSON.stringify(childSecond.body.messages.at(-1));
    expect(result).toContain("bash is blocked by the parent");
    expect(result).not.toContain("SHOULD-NOT-RUN\\n");
    await s.dispose();
  });
});
