// pi's message_end: handlers see each finished message and may answer `{message}` to replace it
// (same role only, chained in order). The loop's messages pass the kernel's messageEnd hook
// before they are stored, so the replacement is what the session records and the next request
// carries. A custom message an extension adds outside a run goes through the same chain
// (`finish`) before it is stored; `!cmd` runs only notify.
import type { AgentMessage, PluginApi } from "pi-kernel";
import { createContext } from "./context.js";
import { report } from "./handlers.js";
import type { Runtime } from "./runtime.js";

export interface MessageEndChain {
  /** Whether the message already went through the handlers (so its event only notifies). */
  seen(message: unknown): boolean;
  /** Runs the handlers on a message announced outside the loop; returns what to store. */
  finish(message: AgentMessage): Promise<AgentMessage>;
}

export function mapMessageEnd(rt: Runtime, api: PluginApi): MessageEndChain {
  const replaced = new WeakSet<object>();
  const finish = async (message: AgentMessage): Promise<AgentMessage> => {
    if (!rt.handlers.has("message_end")) return message;
    let current = message;
    for (const entry of rt.handlers.list("message_end")) {
      const o = await rt.handlers.call(entry, { type: "message_end", message: current }, createContext(rt, entry.api));
      const next = o.ok ? (o.value as { message?: AgentMessage } | undefined)?.message : undefined;
      if (!next) continue;
      if (next.role !== current.role) {
        report(
          entry,
          "message_end",
          `message_end handlers must return a message with the same role (got "${String(next.role)}" for "${current.role}")`,
        );
        continue;
      }
      current = next;
    }
    replaced.add(current);
    return current;
  };
  api.on("messageEnd", finish);
  return { seen: (message) => typeof message === "object" && message !== null && replaced.has(message), finish };
}
