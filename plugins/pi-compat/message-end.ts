// pi's message_end: handlers see each finished message and may answer `{message}` to replace it
// (same role only, chained in order). The loop's messages pass the kernel's messageEnd hook
// before they are stored, so the replacement is what the session records and the next request
// carries; messages announced outside the loop (custom messages, `!cmd` runs) only notify.
import type { AgentMessage, PluginApi } from "pi-kernel";
import { createContext } from "./context.js";
import { report } from "./handlers.js";
import type { Runtime } from "./runtime.js";

export function mapMessageEnd(rt: Runtime, api: PluginApi): { seen(message: unknown): boolean } {
  const replaced = new WeakSet<object>();
  api.on("messageEnd", async (message) => {
    if (!rt.handlers.has("message_end")) return message;
    let current = message;
    for (const entry of rt.handlers.list("message_end")) {
      const o = await rt.handlers.call(entry, { type: "message_end", message: current }, createContext(rt, entry.api));
      const next = o.ok ? (o.value as { message?: AgentMessage } | undefined)?.message : undefined;
      if (!next) continue;
      if (next.role !== current.role) {
        report(entry, "message_end", `message_end handlers must return a message with the same role (got "${String(next.role)}" for "${current.role}")`);
        continue;
      }
      current = next;
    }
    replaced.add(current);
    return current;
  });
  return { seen: (message) => typeof message === "object" && message !== null && replaced.has(message) };
}
