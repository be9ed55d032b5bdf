// The permission policy's questions as session/request_permission: the tool call as the client
// already shows it, and three answers (allow once, allow always with the rule it writes, reject).
// A cancelled prompt (or a client that answers `cancelled`) counts as no answer, which denies.
import type { PermissionAnswer, PermissionAsker } from "../../contracts/permissions.js";
import type { AcpState } from "./state.js";
import { callInfo, type ToolLookup } from "./tool-info.js";

export function permissionAsker(state: AcpState, cwd: () => string, tools: ToolLookup): PermissionAsker {
  return async (request) => {
    const { kind, locations } = callInfo(tools(request.toolName), request.toolName, request.args, cwd());
    const client = state.client;
    const turn = state.turn;
    if (!client || !state.sessionId) return undefined;
    const signals = [request.signal, turn?.abort.signal].filter((s): s is AbortSignal => s !== undefined);
    try {
      const { outcome } = await client.request(
        "session/request_permission",
        {
          sessionId: state.sessionId,
          toolCall: {
            toolCallId: request.toolCallId,
            title: request.reason ? `${request.summary} (${request.reason})` : request.summary,
            kind,
            status: "pending",
            locations,
            rawInput: request.args,
          },
          options: [
            { optionId: "allow-once", name: "Allow", kind: "allow_once" },
            { optionId: "allow-always", name: `Always allow ${request.suggestedRule}`, kind: "allow_always" },
            { optionId: "reject", name: "Reject", kind: "reject_once" },
          ],
        },
        { cancellationSignal: AbortSignal.any(signals), stopWaitingOnCancel: true },
      );
      return outcome.outcome === "selected" ? answer(outcome.optionId) : undefined;
    } catch {
      return undefined; // cancelled, or the connection went away
    }
  };
}

function answer(optionId: string): PermissionAnswer {
  if (optionId === "allow-once") return { decision: "allow-once" };
  if (optionId === "allow-always") return { decision: "allow-always" };
  return { decision: "deny", message: "The user rejected this tool call in the editor." };
}
