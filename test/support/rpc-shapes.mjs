// One RPC conversation, run against pi (scripts/record-pi-rpc-shapes.mjs writes what pi answered
// to test/fixtures/pi-rpc-shapes.json) and against pi-kernel (test/integration/pi-rpc-client.test.ts),
// so every response can be compared with pi's key by key. The project comes from makeProject and
// writeTwoModels: sim-model has no reasoning, sim-other has.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A user prompt template (pi 0.86 reads a project's only once it is trusted), so get_commands lists one in both agents. */
export function prepareShapeProject(agentDir) {
  mkdirSync(join(agentDir, "prompts"), { recursive: true });
  writeFileSync(join(agentDir, "prompts", "review.md"), "---\ndescription: Review a file\n---\nReview $1 carefully.\n");
}

/** The steps, in order: a command (or a function of the earlier responses), the turns the simulator answers with, and whether to wait for agent_settled. */
export const RPC_SHAPE_STEPS = [
  { name: "get_state (model without reasoning)", command: { type: "get_state" } },
  { name: "get_available_thinking_levels (without reasoning)", command: { type: "get_available_thinking_levels" } },
  { name: "get_available_models", command: { type: "get_available_models" } },
  { name: "get_commands", command: { type: "get_commands" } },
  {
    name: "prompt with a tool call (without reasoning)",
    command: { type: "prompt", message: "what does src/app.js do?" },
    script: [{ text: "Let me look.", toolCalls: [{ name: "read", arguments: { path: "src/app.js" } }] }, { text: "It logs a greeting." }],
    settle: true,
  },
  { name: "get_messages", command: { type: "get_messages" } },
  { name: "get_last_assistant_text", command: { type: "get_last_assistant_text" } },
  { name: "get_session_stats", command: { type: "get_session_stats" } },
  { name: "get_fork_messages", command: { type: "get_fork_messages" } },
  { name: "get_entries", command: { type: "get_entries" } },
  { name: "get_tree", command: { type: "get_tree" } },
  { name: "set_model (reasoning)", command: { type: "set_model", provider: "sim", modelId: "sim-other" } },
  { name: "get_state (reasoning model)", command: { type: "get_state" } },
  { name: "get_available_thinking_levels (reasoning)", command: { type: "get_available_thinking_levels" } },
  { name: "set_thinking_level", command: { type: "set_thinking_level", level: "high" } },
  { name: "cycle_thinking_level", command: { type: "cycle_thinking_level" } },
  {
    name: "prompt with thinking and a tool call (reasoning)",
    command: { type: "prompt", message: "run it" },
    script: [
      { thinking: "I should run it.", toolCalls: [{ name: "bash", arguments: { command: "node src/app.js" } }] },
      { text: "It printed hello, world." },
    ],
    settle: true,
  },
  { name: "get_state (after the reasoning prompt)", command: { type: "get_state" } },
  { name: "set_steering_mode", command: { type: "set_steering_mode", mode: "all" } },
  { name: "set_follow_up_mode", command: { type: "set_follow_up_mode", mode: "all" } },
  { name: "clear_queue", command: { type: "clear_queue" } },
  { name: "set_session_name", command: { type: "set_session_name", name: "shapes" } },
  { name: "set_auto_compaction", command: { type: "set_auto_compaction", enabled: true } },
  { name: "set_auto_retry", command: { type: "set_auto_retry", enabled: true } },
  { name: "bash", command: { type: "bash", command: "echo hi" } },
  { name: "get_entries since the first entry", command: (r) => ({ type: "get_entries", since: r.get_entries.data.entries[0].id }) },
  { name: "cycle_model", command: { type: "cycle_model" } },
  { name: "abort (idle)", command: { type: "abort" } },
  { name: "clone", command: { type: "clone" } },
  { name: "fork", command: (r) => ({ type: "fork", entryId: r.get_fork_messages.data.messages[0].entryId }) },
  { name: "new_session", command: { type: "new_session" } },
  { name: "get_entries (empty session)", command: { type: "get_entries" } },
  { name: "get_tree (empty session)", command: { type: "get_tree" } },
  { name: "get_last_assistant_text (empty session)", command: { type: "get_last_assistant_text" } },
  { name: "set_model (unknown)", command: { type: "set_model", provider: "sim", modelId: "nope" } },
  { name: "get_entries (unknown since)", command: { type: "get_entries", since: "nope" } },
  { name: "unknown command", command: { type: "no_such_command" } },
];

/**
 * Runs the steps. `send(command)` resolves with the response record; `settled()` resolves at the
 * next agent_settled event (called before the command is sent). Returns each step's response.
 */
export async function runRpcShapeSteps(sim, send, settled) {
  const responses = {};
  for (const step of RPC_SHAPE_STEPS) {
    if (step.script) sim.script(...step.script);
    const command = typeof step.command === "function" ? step.command(responses) : step.command;
    const done = step.settle ? settled() : undefined;
    responses[step.name] = await send(command);
    await done;
  }
  return responses;
}

/**
 * A value's shape: objects by their keys (sorted), arrays by the distinct shapes of their items,
 * everything else by its JSON type. Values (paths, ids, times) differ between runs; shapes do not.
 */
export function shapeOf(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) {
    const items = new Map();
    for (const item of value) {
      const shape = shapeOf(item);
      items.set(JSON.stringify(shape), shape);
    }
    return [...[...items.keys()].sort()].map((k) => items.get(k));
  }
  if (typeof value === "object") {
    const out = {};
    for (const key of Object.keys(value).sort()) if (value[key] !== undefined) out[key] = shapeOf(value[key]);
    return out;
  }
  return typeof value;
}
