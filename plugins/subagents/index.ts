// Subagents: the `subagent` tool delegates a task to a child agent composed in this process from
// the same packages (through the composition root's "agent-factory" service), with its own
// context, tools, model and session file. Agents are markdown files (name, description, tools,
// model, thinking, packages; the body is the instructions) in ~/.pi/agent/agents and, in a trusted
// project, .pi/agents; the model sees their names and descriptions, and edits apply at once.
// Children do not get the tool themselves unless settings `subagents.maxDepth` allows it.
import { definePlugin, Stage } from "pi-kernel";
import { Limit } from "./limit.js";
import { agentsBlock } from "./prompt.js";
import { AgentStore } from "./store.js";
import { subagentTool } from "./tool.js";

const DEFAULT_PARALLEL = 4;
const DEFAULT_DEPTH = 1;

export default definePlugin({
  name: "subagents",
  // "permissions": the children's bridge (child-run.ts) answers their own permission prompts.
  uses: ["agent-factory", "models", "sessions", "permissions"],
  setup(api) {
    const settings = subagentSettings(api.settings);
    const depth = typeof api.flags.subagentDepth === "number" ? api.flags.subagentDepth : 0;
    if (depth >= number(settings.maxDepth, DEFAULT_DEPTH)) return;
    const store = new AgentStore(api);
    api.onDispose(() => store.close());
    api.on("boot", () => store.warmSoon());
    // One bound per agent, kept across reloads so a reload mid-turn does not double it.
    const limit = api.keep("limit", () => new Limit(() => number(subagentSettings(api.current().settings).maxParallel, DEFAULT_PARALLEL)));
    api.register.tool(subagentTool(api, store, limit));
    api.on(
      "systemPrompt",
      async (prompt, ctx) => {
        if (!ctx.tools.some((t) => t.name === "subagent")) return prompt;
        return prompt + agentsBlock([...(await store.agents()).values()]);
      },
      { stage: Stage.LATE },
    );
  },
});

function subagentSettings(settings: Readonly<Record<string, unknown>>): { maxParallel?: unknown; maxDepth?: unknown } {
  const value = settings.subagents;
  return typeof value === "object" && value !== null ? (value as { maxParallel?: unknown; maxDepth?: unknown }) : {};
}

function number(value: unknown, fallback: number): number {
  return typeof value === "number" && value >= 0 ? Math.floor(value) : fallback;
}
