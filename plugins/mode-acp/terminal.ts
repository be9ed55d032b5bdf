// bash in a client terminal: when the client offers `terminal`, the model's commands run in a
// terminal the editor shows live (embedded in the tool call); the model gets the tail of the
// output, as from the local bash tool. Without a terminal (or outside a prompt) the local tool runs.
//
// With the OS sandbox on, the local tool runs instead (its output still streams to the editor as
// text). Sending the bwrap-wrapped command line to the client would hand the guarantee to a
// process we do not control: the client spawns it with its own environment (provider keys
// included), its own PATH (another bwrap, or none) and possibly on another machine or in a
// container where our probe means nothing, and `--die-with-parent` would tie it to the editor,
// not to us. Run locally, the sandbox is the one the probe checked, with keys stripped.
import type { ToolDef, ToolResult } from "pi-kernel";
import { formatSize, MAX_BYTES, onAbort, pickShell, truncateTail } from "../../lib/tool-kit/index.js";
import type { AcpState } from "./state.js";
import type { EventBridge } from "./updates.js";

type Params = { command: string; timeout?: number };

/** The local bash tool, run through the client's terminal while a client offers one. */
export function terminalBash(
  local: ToolDef,
  state: AcpState,
  bridge: () => EventBridge | undefined,
  shell: { sandboxed: () => boolean; keyVariables: () => readonly string[] },
): ToolDef {
  return {
    ...local,
    override: true,
    execute(id, params, signal, onUpdate, ctx) {
      const client = state.client;
      const link = bridge();
      // A background job is the jobs plugin's (its own process and file), never a client terminal the call would wait on.
      const background = (params as { run_in_background?: boolean }).run_in_background === true;
      if (background || shell.sandboxed() || !state.offersTerminal() || !state.turn || !client || !link)
        return local.execute(id, params, signal, onUpdate, ctx);
      return runInTerminal(state, link, id, params as Params, signal, ctx.cwd, shell.keyVariables());
    },
  };
}

async function runInTerminal(
  state: AcpState,
  bridge: EventBridge,
  id: string,
  params: Params,
  signal: AbortSignal,
  cwd: string,
  keys: readonly string[],
) {
  signal.throwIfAborted();
  const sessionId = state.requireSession("bash");
  // Twice what the model is shown: the tail it gets stays whole when the client trims the head.
  // The client spawns with its own environment, which may hold provider keys too: `env -u` takes
  // out the ones the agent knows, as the local tool's environment goes without them.
  const shell = [pickShell(), "-c", params.command];
  const argv = keys.length ? ["env", ...keys.flatMap((k) => ["-u", k]), ...shell] : shell;
  const terminal = await state.client!.createTerminal({
    sessionId,
    command: argv[0]!,
    args: argv.slice(1),
    cwd,
    outputByteLimit: 2 * MAX_BYTES,
  });
  bridge.inTerminal.add(id);
  bridge.send({
    sessionUpdate: "tool_call_update",
    toolCallId: id,
    status: "in_progress",
    content: [{ type: "terminal", terminalId: terminal.id }],
  });
  const kill = () => void terminal.kill().catch(() => {});
  const unlisten = onAbort(signal, kill);
  const seconds = params.timeout !== undefined && params.timeout > 0 ? params.timeout : undefined;
  let timedOut = false;
  const timer = seconds === undefined ? undefined : setTimeout(() => ((timedOut = true), kill()), seconds * 1000);
  try {
    const exit = await terminal.waitForExit();
    const { output, truncated } = await terminal.currentOutput();
    return result(
      output,
      truncated,
      exit,
      signal.aborted ? "Command aborted" : timedOut ? `Command timed out after ${seconds} seconds` : undefined,
    );
  } finally {
    clearTimeout(timer);
    unlisten();
    await terminal.release().catch(() => {});
  }
}

function result(
  output: string,
  clientTruncated: boolean,
  exit: { exitCode?: number | null; signal?: string | null },
  stopped?: string,
): ToolResult {
  const tail = truncateTail(output);
  let text = tail.content;
  if (tail.truncated || clientTruncated)
    text += `\n\n[Showing the last ${formatSize(Buffer.byteLength(tail.content, "utf8"))} of the output, which ran in the editor's terminal]`;
  const failure =
    stopped ??
    (exit.exitCode === 0
      ? undefined
      : exit.exitCode == null
        ? `Command was killed by signal ${exit.signal ?? "unknown"}`
        : `Command exited with code ${exit.exitCode}`);
  if (failure) throw new Error(text ? `${text}\n\n${failure}` : failure);
  return {
    content: [{ type: "text", text: text || "(no output)" }],
    details: { exitCode: 0, ...(tail.truncated || clientTruncated ? { truncated: true } : {}) },
  };
}
