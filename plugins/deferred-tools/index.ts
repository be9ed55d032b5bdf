// Progressive disclosure for tools. A tool marked `deferred: true` (with `defaultActive: false`)
// is not sent to the model; the system prompt carries one line naming the deferred tools, and
// `tool_search` (BM25 over names, labels, descriptions and parameter names) activates the best
// matches, which the model can call from its next turn. A hundred tools then cost a line and one
// small schema instead of a hundred schemas. A deferred tool the model calls by its listed name
// without searching loads on that call.
import { type AssistantMessage, definePlugin, Stage, Type, type PluginApi, type ToolDef } from "pi-kernel";
import { isDeferred } from "../../lib/tool-kit/index.js";
import { Bm25, type Doc } from "./bm25.js";

/** The one-line index stays short: past this many characters the rest is counted, not named. */
const INDEX_CHARS = 2500;

export default definePlugin({
  name: "deferred-tools",
  setup(api) {
    api.register.tool(searchTool(api));
    api.on(
      "systemPrompt",
      (prompt, ctx) => {
        const sent = new Set(ctx.tools.map((t) => t.name));
        if (!sent.has("tool_search")) return prompt;
        const waiting = api.registry.list("tool").filter((t) => isDeferred(t) && !sent.has(t.name));
        return waiting.length ? `${prompt}\n\n${indexLine(waiting)}` : prompt;
      },
      { stage: Stage.LATE },
    );
    // The index names the tools, so a model may call one by that name without tool_search first:
    // it loads on that call (before the tools run) instead of failing as "not found".
    api.on("messageEnd", (message) => {
      if (message.role === "assistant") loadCalled(api, (message as AssistantMessage).content);
      return message;
    });
  },
});

function loadCalled(api: PluginApi, content: AssistantMessage["content"]): void {
  const called = new Set(content.flatMap((c) => (c.type === "toolCall" ? [c.name] : [])));
  if (called.size === 0) return;
  const active = api.agent.activeToolNames();
  const load = api.registry.list("tool").filter((t) => isDeferred(t) && called.has(t.name) && !active.includes(t.name));
  if (load.length) api.actions.setActiveTools([...active, ...load.map((t) => t.name)]);
}

function searchTool(api: PluginApi): ToolDef {
  const parameters = Type.Object({
    query: Type.String({ description: "What you need to do, in a few words, or a tool's name" }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, description: "How many tools to load (default 3)" })),
  });
  const tool: ToolDef<typeof parameters> = {
    name: "tool_search",
    label: "Tool search",
    // It searches the tool catalogue, not files: no paths.
    effect: "search",
    description:
      "Find and load deferred tools (listed in the system prompt) by what you need to do. The matches become callable in your next turn.",
    parameters,
    // Only worth sending while some tool is deferred (read at every turn, so it follows the registry).
    get defaultActive() {
      return api.registry.list("tool").some(isDeferred);
    },
    async execute(_id, { query, limit }) {
      const active = new Set(api.agent.activeToolNames());
      const candidates = api.registry.list("tool").filter((t) => isDeferred(t) && !active.has(t.name));
      const found = search(candidates, query, limit ?? 3);
      if (found.length === 0) {
        const names = candidates.map((t) => t.name).join(", ") || "none";
        return {
          content: [{ type: "text", text: `No deferred tool matches "${query}". Deferred tools not yet loaded: ${names}` }],
          details: { loaded: [] },
        };
      }
      api.actions.setActiveTools([...active, ...found.map((t) => t.name)]);
      const lines = found.map(
        (t) => `- ${t.name}: ${t.description}${paramNames(t).length ? ` (parameters: ${paramNames(t).join(", ")})` : ""}`,
      );
      return {
        content: [{ type: "text", text: `Loaded ${found.length} tool(s); call them from your next turn:\n${lines.join("\n")}` }],
        details: { loaded: found.map((t) => t.name) },
      };
    },
  };
  return tool as unknown as ToolDef;
}

/** The best matches; a query that is exactly a tool's name loads that tool alone. */
export function search(tools: ToolDef[], query: string, limit: number): ToolDef[] {
  const exact = tools.find((t) => t.name === query.trim());
  if (exact) return [exact];
  const byName = new Map(tools.map((t) => [t.name, t]));
  return new Bm25(tools.map(toDoc)).search(query, limit).map((h) => byName.get(h.id)!);
}

function toDoc(t: ToolDef): Doc {
  return {
    id: t.name,
    fields: [
      { text: t.name, weight: 3 },
      { text: t.label ?? "", weight: 2 },
      { text: t.description, weight: 1 },
      { text: paramNames(t).join(" "), weight: 1 },
    ],
  };
}

function paramNames(t: ToolDef): string[] {
  return Object.keys((t.parameters as { properties?: Record<string, unknown> }).properties ?? {});
}

function indexLine(tools: ToolDef[]): string {
  const head = "Deferred tools (call tool_search to load one before using it):";
  let line = head;
  for (const [i, t] of tools.entries()) {
    const next = `${line}${i ? "," : ""} ${t.name}`;
    if (next.length > INDEX_CHARS) return `${line} … and ${tools.length - i} more`;
    line = next;
  }
  return line;
}
