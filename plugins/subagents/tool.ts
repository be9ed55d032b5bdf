// The `subagent` tool: delegate a task to a named agent (an agent file) or an ad-hoc one. Several
// calls in one turn run in parallel (the kernel runs a batch's tool calls concurrently), at most
// `subagents.maxParallel` children at once. Each child has its own context, tools, model and
// session file; only its answer comes back.
import { mkdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { defineTool, type Model, type PluginApi, type ThinkingLevel, type ToolResult, Type } from "pi-kernel";
import type { AgentDef } from "./agents.js";
import type { Limit } from "./limit.js";
import type { SubagentDetails } from "./progress.js";
import type { AgentStore } from "./store.js";

const LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh"] as const;
/** Role names a subagent may ask for even when settings `modelRoles` does not set them. */
const ROLES = new Set(["default", "small", "plan"]);

const Params = Type.Object({
  agent: Type.Optional(Type.String({ description: "An agent from <available_agents>; omit it for an ad-hoc agent (give `instructions`)" })),
  task: Type.String({ description: "The whole task: the subagent sees nothing of this conversation, so say everything it needs" }),
  instructions: Type.Optional(Type.String({ description: "Ad-hoc agent: its role and instructions (added to its system prompt)" })),
  tools: Type.Optional(Type.Array(Type.String(), { description: "Tools it may use; default: the agent's, else the default tools" })),
  model: Type.Optional(Type.String({ description: 'provider/id, or a model role ("small", "plan"); default: the agent\'s, else yours' })),
  thinking: Type.Optional(Type.Union(LEVELS.map((l) => Type.Literal(l)))),
  outputSchema: Type.Optional(
    Type.Object({}, { additionalProperties: true, description: "A JSON schema: the subagent must submit a result matching it" }),
  ),
});

export function subagentTool(api: PluginApi, store: AgentStore, limit: Limit) {
  return defineTool({
    name: "subagent",
    label: "Subagent",
    // The child may read, edit or run anything (its own calls pass its own gate): nothing narrower than "other".
    effect: "other",
    description:
      "Delegate a self-contained task to a subagent with its own context, tools and model; it returns only its final answer. " +
      "Use it for research or side work that would fill your context. Several subagent calls in one message run in parallel.",
    promptSnippet: "Delegate a task to a subagent (own context, tools and model); parallel when called several times",
    parameters: Params,
    async execute(toolCallId, params, signal, onUpdate): Promise<ToolResult<SubagentDetails>> {
      const live = api;
      const factory = live.services.get("agent-factory");
      if (!factory) return error("Subagents need the agent factory of the composition root, which this agent was composed without.");
      let def: AgentDef | undefined;
      if (params.agent) {
        const agents = await store.agents();
        def = agents.get(params.agent);
        if (!def) {
          const known = [...agents.keys()].join(", ") || "none are defined";
          return error(
            `Unknown agent "${params.agent}" (available: ${known}). Omit \`agent\` and give \`instructions\` for an ad-hoc one.`,
          );
        }
      }
      const picked = pickModel(live, params.model ?? def?.model);
      if ("problem" in picked) return error(picked.problem);
      const label = def?.name ?? "ad-hoc";
      // The child's run (./child-run.ts) loads on the first call: most runs never delegate.
      const { runChild } = await import("./child-run.js");
      const result = await limit.run(signal, () =>
        runChild(
          live,
          factory,
          {
            label,
            task: params.task,
            model: picked.model,
            thinkingLevel: params.thinking ?? picked.thinkingLevel ?? def?.thinking,
            tools: params.tools ?? def?.tools,
            instructions: [def?.instructions, params.instructions].filter(Boolean).join("\n\n") || undefined,
            packages: def?.packages,
            outputSchema: params.outputSchema,
            sessionFile: childSessionFile(live, label, toolCallId),
          },
          signal,
          onUpdate,
        ),
      );
      return result ?? error(`Subagent "${label}" was aborted before it started.`);
    },
  });
}

type Picked = { model?: Model; thinkingLevel?: ThinkingLevel } | { problem: string };

/** A model role (settings `modelRoles`), else a model pattern; nothing given: the parent's model. */
function pickModel(api: PluginApi, pattern: string | undefined): Picked {
  if (!pattern) return {};
  const models = api.services.get("models");
  const role = models?.role?.(pattern);
  if (role) return { model: role.model, thinkingLevel: role.thinkingLevel };
  if (ROLES.has(pattern)) return {}; // a role the user did not set: the parent's model serves it
  const model = models?.resolve(pattern);
  return model
    ? { model }
    : { problem: `No model matches "${pattern}" (a provider/id, a pattern, or a role set in settings "modelRoles").` };
}

/** Next to the parent's session file, in a folder named after it; none when the parent keeps no file. */
function childSessionFile(api: PluginApi, label: string, toolCallId: string): string | undefined {
  const parent = api.services.get("sessions")?.file;
  if (!parent) return undefined;
  const dir = join(dirname(parent), basename(parent, ".jsonl"), "subagents");
  mkdirSync(dir, { recursive: true });
  return join(dir, `${label}-${toolCallId.replace(/[^A-Za-z0-9_-]/g, "_")}.jsonl`);
}

function error(text: string): ToolResult<SubagentDetails> {
  return { content: [{ type: "text", text }], isError: true };
}
