// pi's ExtensionContext (handed to event handlers and tools) and ExtensionCommandContext (to
// commands), built over one extension's kernel api so everything it does is attributed to it.
import type { AssistantMessage, PluginApi } from "pi-kernel";
import { isTrusted } from "../../lib/packages/index.js";
import type { GateAnswer, SessionGateEvent, SessionsService } from "../../contracts/sessions.js";
import type { HandlerEntry } from "./handlers.js";
import type { Runtime } from "./runtime.js";
import { createModelRegistry } from "./model-registry.js";
import { systemPromptOptions } from "./prompt-options.js";
import { sessionView } from "./session-view.js";
import { createUi } from "./ui.js";

export function createContext(rt: Runtime, api: PluginApi): Record<string, unknown> {
  return {
    ui: createUi(api),
    get hasUI() {
      return api.services.has("ui");
    },
    // pi 0.79+: how pi runs, for guarding terminal-only UI ("tui" in the interactive UIs).
    get mode() {
      return piMode(api.flags.mode);
    },
    get thinkingLevel() {
      return api.agent.thinkingLevel;
    },
    /** The --models / enabledModels scope (empty when none is set), as pi's ScopedModel list. */
    get scopedModels() {
      return (api.services.get("models")?.scoped() ?? []).map((s) => ({
        model: s.model,
        ...(s.thinkingLevel && { thinkingLevel: s.thinkingLevel }),
      }));
    },
    cwd: api.cwd,
    sessionManager: sessionView(api),
    modelRegistry: createModelRegistry(rt, api),
    get model() {
      return api.agent.model;
    },
    isIdle: () => !api.agent.isStreaming,
    get signal() {
      return rt.run?.signal;
    },
    abort: () => api.actions.abort(),
    hasPendingMessages: () => api.agent.pendingMessageCount > 0,
    shutdown: () => void shutdown(api),
    getContextUsage: () => contextUsage(api),
    compact(opts: { customInstructions?: string; onComplete?(r: unknown): void; onError?(e: Error): void } = {}) {
      if (!api.services.has("compaction")) return opts.onError?.(new Error("this agent has no compaction service"));
      api.services
        .use("compaction")
        .compact(opts.customInstructions)
        .then(
          (r) => opts.onComplete?.(r),
          (e: Error) => opts.onError?.(e),
        );
    },
    getSystemPrompt: () => rt.systemPrompt,
    isProjectTrusted: () => isTrusted(api.agentDir, api.cwd),
  };
}

export function createCommandContext(rt: Runtime, api: PluginApi): Record<string, unknown> {
  const sessions = (): SessionsService => {
    if (!api.services.has("sessions")) throw new Error("this agent has no session store");
    return api.services.use("sessions");
  };
  return {
    ...createContext(rt, api),
    getSystemPromptOptions: () => systemPromptOptions(rt, api),
    waitForIdle: () => api.actions.waitForIdle(),
    // The same gated path as the user's /new, /fork, /tree and /resume (the service's replace/navigateTree):
    // the before-events reach every extension once, and the service emits session_start/_tree.
    newSession: async (o: { parentSession?: string } = {}) => {
      const s = sessions();
      const r = await s.replace({ type: "session_before_switch", reason: "new" }, "new", () =>
        s.newSession({ parentSession: o.parentSession }),
      );
      return { cancelled: r.cancelled };
    },
    fork: async (entryId: string, o: { position?: "before" | "at" } = {}) => {
      const s = sessions();
      const position = o.position ?? "before";
      const r = await s.replace({ type: "session_before_fork", entryId, position }, "fork", () => s.fork(entryId, position));
      return { cancelled: r.cancelled };
    },
    navigateTree: async (
      targetId: string,
      o: { summarize?: boolean; customInstructions?: string; replaceInstructions?: boolean; label?: string } = {},
    ) => {
      const move = await sessions().navigateTree(targetId, o);
      // As pi's UI: the chosen message's text goes to the editor unless the user is writing there.
      const face = api.services.get("ui");
      if (move.editorText && face && !face.getEditorText().trim()) face.setEditorText(move.editorText);
      return { cancelled: move.cancelled, editorText: move.editorText, summaryEntry: move.summaryEntry };
    },
    switchSession: async (path: string) => {
      const s = sessions();
      const r = await s.replace({ type: "session_before_switch", reason: "resume", targetSessionFile: path }, "resume", () => s.open(path));
      return { cancelled: r.cancelled };
    },
    reload: () => api.actions.reload(),
  };
}

/**
 * Connects extensions to the session store's operations, whoever starts them (the user's
 * commands, RPC, an extension): one gate runs the session_before_* handlers (as pi: the last
 * answer counts, a cancel ends it) and awaits session_shutdown; the store's after-events
 * (session_start after a switch, session_tree) are forwarded.
 */
export function connectSessions(rt: Runtime, api: PluginApi): void {
  const store = api.services.get("sessions");
  if (store?.addGate) api.onDispose(store.addGate((event) => gate(rt, event)));
  api.on("event", (event) => {
    if (event.type === "session_start" || event.type === "session_tree") void emitSession(rt, { ...event });
  });
}

async function gate(rt: Runtime, event: SessionGateEvent): Promise<GateAnswer | undefined> {
  if (event.type === "session_shutdown") return void (await emitSession(rt, { ...event }));
  let answer: GateAnswer | undefined;
  await rt.handlers.each(
    { ...event },
    (e) => createContext(rt, e.api),
    (o, entry) => {
      if (o.ok && o.value && typeof o.value === "object") answer = gateAnswer(o.value as Record<string, unknown>, entry.ext);
      return answer?.cancel === true;
    },
  );
  return answer;
}

/** Keeps the fields of a handler's answer that have the right types. */
function gateAnswer(v: Record<string, unknown>, ext: string): GateAnswer {
  const str = (x: unknown) => (typeof x === "string" ? x : undefined);
  const summary = v.summary as { summary?: unknown; details?: unknown } | undefined;
  return {
    cancel: v.cancel === true || undefined,
    by: v.cancel === true ? `extension ${ext}` : undefined,
    summary: typeof summary?.summary === "string" ? { summary: summary.summary, details: summary.details } : undefined,
    customInstructions: str(v.customInstructions),
    replaceInstructions: typeof v.replaceInstructions === "boolean" ? v.replaceInstructions : undefined,
    label: str(v.label),
  };
}

export async function emitSession(rt: Runtime, event: Record<string, unknown>, to?: (e: HandlerEntry) => boolean): Promise<void> {
  await rt.handlers.each(event, (e) => createContext(rt, e.api), undefined, to);
}

/** pi's ExtensionMode for our --mode: ACP, like RPC, is a client driving the agent without a terminal. */
function piMode(mode: unknown): "tui" | "rpc" | "json" | "print" {
  if (mode === "rpc" || mode === "acp") return "rpc";
  if (mode === "json") return "json";
  if (mode === "print" || mode === "text") return "print";
  return "tui";
}

function contextUsage(api: PluginApi): { tokens: number | null; contextWindow: number; percent: number | null } {
  const contextWindow = api.agent.model?.contextWindow ?? 0;
  const last = [...api.agent.messages]
    .reverse()
    .find((m): m is AssistantMessage => m.role === "assistant" && (m as AssistantMessage).stopReason !== "error");
  if (!last) return { tokens: null, contextWindow, percent: null };
  const u = last.usage;
  const tokens = u.totalTokens || u.input + u.output + u.cacheRead + u.cacheWrite;
  return { tokens, contextWindow, percent: contextWindow ? (tokens / contextWindow) * 100 : null };
}

/** pi defers shutdown until the agent is idle, then quits the way the user's /quit does. */
async function shutdown(api: PluginApi): Promise<void> {
  await api.actions.waitForIdle();
  const quit = api.registry.get("command", "quit");
  if (quit) await quit.handler("", { args: "", api });
}
