// pi's read-only `ctx.sessionManager` over the "sessions" service. Without a session store (an
// agent composed without one) it answers from the agent's messages, as pi's in-memory session.
import type { AgentMessage, PluginApi } from "pi-kernel";
import { piSessionTree } from "../../lib/session-kit/index.js";
import type { SessionEntry } from "../../contracts/index.js";

export function sessionView(api: PluginApi): Record<string, unknown> {
  const s = () => api.services.get("sessions");
  const memory = () =>
    api.agent.messages.map(
      (message: AgentMessage, i): SessionEntry => ({
        type: "message",
        id: `m${i}`,
        parentId: i ? `m${i - 1}` : null,
        timestamp: new Date(message.timestamp).toISOString(),
        message,
      }),
    );
  const file = () => s()?.file;
  return {
    getCwd: () => api.cwd,
    getSessionDir: () => {
      const f = file();
      return f ? f.slice(0, f.lastIndexOf("/")) : undefined;
    },
    getSessionId: () => s()?.id ?? api.agent.sessionId,
    getSessionFile: () => file(),
    getLeafId: () => s()?.leafId ?? memory().at(-1)?.id ?? null,
    getLeafEntry: () => {
      const id = s()?.leafId;
      return id ? s()!.entry(id) : memory().at(-1);
    },
    getEntry: (id: string) => s()?.entry(id) ?? memory().find((e) => e.id === id),
    getLabel: (id: string) => s()?.label(id),
    getBranch: (fromId?: string) => s()?.path(fromId) ?? memory(),
    getHeader: () => s()?.header(),
    getEntries: () => s()?.entries() ?? memory(),
    getTree: () => piSessionTree(s()?.entries() ?? memory()),
    getSessionName: () => s()?.name,
  };
}
