// The RPC loop: read JSONL commands, answer each, stream pi's events, end when stdin closes.
// A bad line or an unknown command gets an error response; the process keeps serving.
import { exitOnSignals, guardStdout, jsonLine, readJsonl } from "../../lib/mode-kit/index.js";
import type { PluginApi } from "pi-kernel";
import { COMMANDS, type Handler, NO_DATA, type RpcCommand, type RpcContext } from "./commands.js";
import type { Queue } from "./handler.js";

/**
 * The outgoing side, shared with the UI service, which exists from setup on: a plugin may ask the
 * user before the loop runs (e.g. at boot), so records sent before it connects wait in `backlog`.
 */
export interface Channel {
  send: ((record: Record<string, unknown>) => void) | undefined;
  backlog: Record<string, unknown>[];
  /** What is queued, kept from queue_update events (clear_queue answers with it). */
  queue: Queue;
  /** Set once stdin closed: stops writing, after the agent's shutdown (session_shutdown included). */
  close?: () => Promise<void>;
}

export function serve(api: PluginApi, channel: Channel): Promise<number> {
  const out = guardStdout();
  const send = (record: Record<string, unknown>) => out.write(jsonLine(record));
  channel.send = send;
  for (const record of channel.backlog.splice(0)) send(record);
  const ctx: RpcContext = { api, send, background: new Set(), queue: channel.queue };
  const unhook = exitOnSignals({ abort: () => ctx.api.actions.abort(), waitForIdle: () => ctx.api.actions.waitForIdle() });
  return new Promise((resolve) => {
    const stop = readJsonl(
      process.stdin,
      (line) => void handleLine(ctx, line),
      async () => {
        stop();
        // stdin closed: let queued commands answer, stop the run, then exit.
        await Promise.allSettled([...ctx.background]);
        ctx.api.actions.abort();
        await ctx.api.actions.waitForIdle();
        unhook();
        // stdout stays the client's until the agent has shut down: what extensions say in
        // session_shutdown (clearing widgets and statuses) is written, as pi does (index.ts closes).
        channel.close = async () => {
          channel.send = undefined;
          channel.close = undefined;
          await out.flush();
          out.restore();
        };
        await out.flush();
        resolve(0);
      },
    );
  });
}

async function handleLine(ctx: RpcContext, line: string): Promise<void> {
  if (!line.trim()) return;
  let command: RpcCommand;
  try {
    command = JSON.parse(line) as RpcCommand;
    if (!command || typeof command !== "object" || Array.isArray(command)) throw new Error("a command must be a JSON object");
  } catch (error) {
    return ctx.send({ type: "response", command: "parse", success: false, error: `Failed to parse command: ${(error as Error).message}` });
  }
  if (command.type === "extension_ui_response") return answerUi(ctx, command);
  const { id, type } = command;
  const handler = typeof type === "string" ? (COMMANDS[type] ?? pluginCommand(ctx, type)) : undefined;
  if (!handler) return ctx.send(failure(id, String(type), `Unknown command: ${String(type)}`));
  try {
    const data = await handler(command, ctx);
    if (data === undefined) return; // the handler answers by itself (prompt)
    ctx.send(
      data === NO_DATA
        ? { ...(id !== undefined && { id }), type: "response", command: type, success: true }
        : { ...(id !== undefined && { id }), type: "response", command: type, success: true, data },
    );
  } catch (error) {
    ctx.send(failure(id, type, (error as Error).message));
  }
}

/** A command a plugin added (the `rpcCommand` contribution); undefined data answers without `data`. */
function pluginCommand(ctx: RpcContext, type: string): Handler | undefined {
  const def = ctx.api.registry.get("rpcCommand", type);
  return def && (async (cmd) => (await def.handler(cmd)) ?? NO_DATA);
}

export function failure(id: unknown, command: string, error: string): Record<string, unknown> {
  return { ...(id !== undefined && { id }), type: "response", command, success: false, error };
}

function answerUi(ctx: RpcContext, response: RpcCommand): void {
  const api = ctx.api;
  if (!api.services.has("ui")) return;
  const ui = api.services.use("ui");
  ui.answer?.(String(response.id), response);
}
