// Subagents: the `subagent` tool delegates a task to a child agent composed in this process from
// the same packages (through the composition root's "agent-factory" service), with its own
// context, tools, model and session file. Agents are markdown files (name, description, tools,
// model, thinking, packages; the body is the instructions) in ~/.pi/agent/agents and, in a trusted
// project, .pi/agents; the model sees their names and descriptions, and edits apply at once.
// Children do not get the tool themselves unless settings `subagents.maxDepth` allows it.
import { definePlugin, Stage } from "pi-kernel";
import { Stages } from "../../contracts/stages.js";
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
  provides: ["subagents"],
  setup(api) {
    const settings = subagentSettings(api.settings);
    const depth = typeof api.flags.subagentDepth === "number" ? api.flags.subagentDepth : 0;
    if (depth >= number(settings.maxDepth, DEFAULT_DEPTH)) return;
    const store = new AgentStore(api);
    api.onDispose(() => store.close());
    api.services.provide("subagents", { addPaths: (paths, owner) => store.added.addPaths(paths, owner) });
    // Knowing whether any agent is defined decides whether the tool is on by default (a look
    // without the watchers: they start at WARM, after the interactive UI's first frame).
    api.on("boot", () => store.look());
    // The watchers start after the interactive UI's first frame.
    api.on("boot", () => store.warmSoon(), { stage: Stages.WARM });
    // One bound per agent, kept across reloads so a reload mid-turn does not double it.
    const limit = api.keep("limit", () => new Limit(() => number(subagentSettings(api.settings).maxParallel, DEFAULT_PARALLEL)));
    // On by default once an agent is defined (settings subagents.enabled: true/false overrides
    // that), so an agent without agents keeps pi's default tools and prompt.
    const enabled = settings.enabled;
    const tool = subagentTool(api, store, limit);
    api.register.tool(
      Object.defineProperty(tool, "defaultActive", {
        get: () => (typeof enabled === "boolean" ? enabled : store.count() > 0),
        enumerable: true,
      }),
    );
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

interface SubagentSettings {
  enabled?: unknown;
  maxParallel?: unknown;
  maxDepth?: unknown;
}

function subagentSettings(settings: Readonly<Record<string, unknown>>): SubagentSettings {
  const value = settings.subagents;
  return typeof value === "object" && value !== null ? (value as SubagentSettings) : {};
}

function number(value: unknown, fallback: number): number {
  return typeof value === "number" && value >= 0 ? Math.floor(value) : fallback;
}
