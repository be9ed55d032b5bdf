// pi's read-only `ctx.sessionManager` over the "sessions" service. Without a session store (an
// agent composed without one) it answers from the agent's messages, as pi's in-memory session.
import type { AgentMessage, PluginApi } from "pi-kernel";
import { piSessionTree } from "../../lib/session-kit/index.js";
import type { SessionEntry } from "../../contracts/index.js";
import { buildContextEntries, buildSessionContext, buildSessionProjection } from "./modules/coding-agent/session/format.js";

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
  const entries = () => s()?.entries() ?? memory();
  const leafId = () => s()?.leafId ?? memory().at(-1)?.id ?? null;
  return {
    // pi's SessionManager fields, which extensions that take ctx.sessionManager for the full class read.
    get sessionId() {
      return s()?.id ?? api.agent.sessionId;
    },
    get sessionFile() {
      return file();
    },
    get leafId() {
      return leafId();
    },
    get cwd() {
      return api.cwd;
    },
    isPersisted: () => file() !== undefined,
    getChildren: (parentId: string) => entries().filter((e) => e.parentId === parentId),
    buildContextEntries: () => buildContextEntries(entries() as never, leafId()),
    buildSessionContext: () => buildSessionContext(entries() as never, leafId()),
    buildSessionProjection: () => buildSessionProjection(entries() as never, leafId()),
    getCwd: () => api.cwd,
    getSessionDir: () => {
      const f = file();
      return f ? f.slice(0, f.lastIndexOf("/")) : undefined;
    },
    getSessionId: () => s()?.id ?? api.agent.sessionId,
    getSessionFile: () => file(),
    getLeafId: leafId,
    getLeafEntry: () => {
      const id = s()?.leafId;
      return id ? s()!.entry(id) : memory().at(-1);
    },
    getEntry: (id: string) => s()?.entry(id) ?? memory().find((e) => e.id === id),
    getLabel: (id: string) => s()?.label(id),
    getBranch: (fromId?: string) => s()?.path(fromId) ?? memory(),
    getHeader: () => s()?.header(),
    getEntries: entries,
    getTree: () => piSessionTree(entries()),
    getSessionName: () => s()?.name,
  };
}
