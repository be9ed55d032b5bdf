// One command line from a client, whatever the transport: parsed, routed to its handler (a
// built-in command or a plugin's rpcCommand) and answered to that client. A bad line or an unknown
// command gets an error response; the endpoint keeps serving.
import { COMMANDS, type Handler, NO_DATA, type RpcCommand, type RpcContext } from "./commands.js";

export async function handleLine(ctx: RpcContext, line: string): Promise<void> {
  if (!line.trim()) return;
  let command: RpcCommand;
  try {
    command = JSON.parse(line) as RpcCommand;
    if (!command || typeof command !== "object" || Array.isArray(command)) throw new Error("a command must be a JSON object");
  } catch (error) {
    return ctx.send({ type: "response", command: "parse", success: false, error: `Failed to parse command: ${(error as Error).message}` });
  }
  if (command.type === "extension_ui_response") return ctx.answerUi(String(command.id), command);
  const response = await respond(ctx, command);
  if (response) ctx.send(response);
}

/** The response record to one parsed command; undefined when the handler answers by itself (prompt). */
export async function respond(ctx: RpcContext, command: RpcCommand): Promise<Record<string, unknown> | undefined> {
  const { id, type } = command;
  const handler = typeof type === "string" ? (COMMANDS[type] ?? pluginCommand(ctx, type)) : undefined;
  if (!handler) return failure(id, String(type), `Unknown command: ${String(type)}`);
  const head = { ...(id !== undefined && { id }), type: "response", command: type, success: true };
  try {
    const data = await handler(command, ctx);
    if (data === undefined) return undefined;
    return data === NO_DATA ? head : { ...head, data };
  } catch (error) {
    return failure(id, type, (error as Error).message);
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
