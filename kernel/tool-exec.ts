// Running one assistant message's tool calls: validate each call's arguments, pass the toolCall
// gate, execute (in parallel unless a tool asks for sequential), and check for steering.
import { errorText } from "./errors.js";
import type { LoopDeps, TurnRuntime } from "./loop.js";
import { textResult } from "./results.js";
import type { AgentMessage, ToolCall, ToolDef, ToolResult, ToolResultMessage } from "./types.js";

export interface Batch {
  results: ToolResultMessage[];
  /** Every result asked to end the run. */
  terminate: boolean;
  /** Steering that arrived mid-batch (the rest of the batch was skipped for it). */
  steering: AgentMessage[];
}

type Prepared =
  | { call: ToolCall; tool: ToolDef; args: Record<string, unknown> }
  | { call: ToolCall; rejected: string };

/** Why no call of an answer cut off by the token limit runs: its arguments may be cut off too, yet parse and validate. */
const TRUNCATED = "was not run: the answer hit the output token limit, so its arguments may be incomplete. Send the call again in full.";

/** `truncated`: the answer stopped at the token limit (`stopReason: "length"`); every call fails unrun, as in pi. */
export async function executeToolCalls(rt: TurnRuntime, d: LoopDeps, calls: ToolCall[], truncated = false): Promise<Batch> {
  const outcomes: { message: ToolResultMessage; terminate: boolean }[] = [];
  let steering: AgentMessage[] = [];
  if (truncated) return { results: calls.map((c) => fail(d, c, `Tool call "${c.name}" ${TRUNCATED}`).message), terminate: false, steering };
  const sequential = calls.some((c) => findTool(rt, c.name)?.executionMode === "sequential");
  if (sequential) {
    for (const [i, call] of calls.entries()) {
      outcomes.push(await finish(rt, d, await prepare(rt, d, call)));
      steering = d.takeSteering();
      if (steering.length > 0) {
        for (const skipped of calls.slice(i + 1)) outcomes.push(fail(d, skipped, "Skipped due to queued user message."));
        break;
      }
    }
  } else {
    // Gates run in order (they may ask the user); execution then runs concurrently.
    const prepared: Prepared[] = [];
    for (const call of calls) prepared.push(await prepare(rt, d, call));
    outcomes.push(...(await Promise.all(prepared.map((p) => finish(rt, d, p)))));
  }
  return {
    results: outcomes.map((o) => o.message),
    terminate: outcomes.length > 0 && outcomes.every((o) => o.terminate),
    steering,
  };
}

function findTool(rt: TurnRuntime, name: string): ToolDef | undefined {
  const sent = rt.tools.find((t) => t.name === name);
  if (sent) return sent;
  // Activated since the request was sent (a deferred tool loads on its first call): in the current selection.
  const now = rt.selectTools().find((t) => t.name === name);
  if (now) rt.tools = [...rt.tools, now];
  return now;
}

async function prepare(rt: TurnRuntime, d: LoopDeps, call: ToolCall): Promise<Prepared> {
  d.emit({ type: "tool_execution_start", toolCallId: call.id, toolName: call.name, args: call.arguments });
  const tool = findTool(rt, call.name);
  if (!tool) {
    const known = rt.tools.map((t) => t.name).join(", ") || "none";
    return { call, rejected: `Tool "${call.name}" not found. Available tools: ${known}.` };
  }
  const invalid = call.invalidArguments;
  if (invalid) return { call, rejected: `${invalid}\nSend the call to ${tool.name} again with valid JSON arguments.` };
  try {
    const raw = tool.prepareArguments ? tool.prepareArguments(call.arguments) : call.arguments;
    const checked = rt.validator.validate(tool.parameters, raw);
    if (!checked.ok) return { call, rejected: `${checked.message}\nFix the arguments and call ${tool.name} again.` };
    // A run stopped by an earlier call's gate (a dismissed permission question) asks nothing more.
    if (d.signal.aborted) return { call, rejected: "Aborted before the tool ran." };
    // The gate sees (and may adjust in place) the validated arguments.
    const gate = await rt.hooks.toolCall.promise({ toolCallId: call.id, toolName: call.name, input: checked.value });
    if (gate?.block) return { call, rejected: gate.reason ?? `Tool call blocked by a plugin.` };
    return { call, tool, args: checked.value };
  } catch (error) {
    return { call, rejected: `Tool call rejected: ${errorText(error)}` };
  }
}

async function finish(rt: TurnRuntime, d: LoopDeps, p: Prepared): Promise<{ message: ToolResultMessage; terminate: boolean }> {
  const { call } = p;
  let result: ToolResult;
  let args: unknown = call.arguments;
  if ("rejected" in p) result = { content: [{ type: "text", text: p.rejected }], isError: true };
  else {
    args = p.args;
    result = await run(d, p.tool, call, p.args);
  }
  const isError = result.isError === true;
  const event = await rt.hooks.toolResult.promise({ toolCallId: call.id, toolName: call.name, input: args, result, isError });
  d.emit({ type: "tool_execution_end", toolCallId: call.id, toolName: call.name, result: event.result, isError: event.isError });
  const message: ToolResultMessage = {
    role: "toolResult", toolCallId: call.id, toolName: call.name, content: event.result.content,
    details: event.result.details, isError: event.isError, timestamp: Date.now(),
  };
  return { message, terminate: event.result.terminate === true };
}

async function run(d: LoopDeps, tool: ToolDef, call: ToolCall, args: Record<string, unknown>): Promise<ToolResult> {
  if (d.signal.aborted) return { content: [{ type: "text", text: "Aborted before the tool ran." }], isError: true };
  const onUpdate = (partialResult: ToolResult) =>
    d.emit({ type: "tool_execution_update", toolCallId: call.id, toolName: call.name, args, partialResult });
  try {
    const ctx = { cwd: d.state.cwd, signal: d.signal, toolCallId: call.id };
    return await tool.execute(call.id, args as never, d.signal, onUpdate, ctx);
  } catch (error) {
    return { content: [{ type: "text", text: errorText(error) }], isError: true };
  }
}

/** A call that is not run: announced, then failed with `text`. */
function fail(d: LoopDeps, call: ToolCall, text: string): { message: ToolResultMessage; terminate: boolean } {
  d.emit({ type: "tool_execution_start", toolCallId: call.id, toolName: call.name, args: call.arguments });
  const message = textResult(call.id, call.name, text, true);
  d.emit({ type: "tool_execution_end", toolCallId: call.id, toolName: call.name, result: { content: message.content, isError: true },
    isError: true });
  return { message, terminate: false };
}
