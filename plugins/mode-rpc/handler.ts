// The shape of an RPC command handler and the helpers handlers share (kept apart from the command
// tables so the session commands and the core commands can both use them without a cycle).
import type { PluginApi } from "pi-kernel";

export interface Queue {
  steering: string[];
  followUp: string[];
}
export type RpcCommand = { id?: unknown; type: string; [field: string]: unknown };
export interface RpcContext {
  api: PluginApi;
  /** To the client that sent the command (responses); events go to every client. */
  send(record: Record<string, unknown>): void;
  /** That client's answer to a dialog (extension_ui_response). */
  answerUi(id: string, response: Record<string, unknown>): void;
  /** Runs started by prompt, awaited before the process exits. */
  background: Set<Promise<unknown>>;
  /** The queues' texts as the last queue_update told them. */
  queue: Queue;
}
/** A successful response without a `data` field. */
export const NO_DATA = Symbol("no data");
export type Handler = (cmd: RpcCommand, ctx: RpcContext) => Promise<unknown> | unknown;

export function text(cmd: RpcCommand, field: string): string {
  const value = cmd[field];
  if (typeof value !== "string") throw new Error(`Missing or invalid field "${field}": expected a string`);
  return value;
}
