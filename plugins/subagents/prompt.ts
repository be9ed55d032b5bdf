// What the model sees of the agents: their names and descriptions (like skills), so it can pick
// one for the `subagent` tool; the definitions themselves go only to the children.
import type { AgentDef } from "./agents.js";

export function agentsBlock(agents: AgentDef[]): string {
  const entries = agents.flatMap((a) => [
    "  <agent>",
    `    <name>${xml(a.name)}</name>`,
    `    <description>${xml(a.description)}</description>`,
    "  </agent>",
  ]);
  const listed = entries.length
    ? ["Agents you can delegate to with the subagent tool (its `agent` argument):", "<available_agents>", ...entries, "</available_agents>"]
    : [];
  return [
    "\n\nThe subagent tool runs a task in a separate agent with its own context, so only its answer enters yours.",
    "Give it a complete task: it sees nothing of this conversation. Several subagent calls in one message run in parallel.",
    ...listed,
  ].join("\n");
}

function xml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
