// pi's ExtensionContext (handed to event handlers and tools) and ExtensionCommandContext (to
// commands), built over one extension's kernel api so everything it does is attributed to it.
import type { AssistantMessage, Model, PluginApi } from "pi-kernel";
import { isTrusted } from "../../lib/packages/trust.js";
import type { Runtime } from "./runtime.js";
import { sessionView } from "./session-view.js";
import { createUi } from "./ui.js";

interface Sessions {
  newSession(opts?: { parentSession?: string }): void;
  fork(entryId: string): string | undefined;
  navigate(targetId: string | null): void;
  open(pathOrId: string): void;
}

export function createContext(rt: Runtime, api: PluginApi): Record<string, unknown> {
  return {
    ui: createUi(api),
    get hasUI() { return api.services.has("ui"); },
    cwd: api.cwd,
    sessionManager: sessionView(api),
    modelRegistry: modelRegistry(rt, api),
    get model() { return api.agent.model; },
    isIdle: () => !api.agent.isStreaming,
    get signal() { return rt.run?.signal; },
    abort: () => api.actions.abort(),
    hasPendingMessages: () => api.agent.pendingMessageCount > 0,
    shutdown: () => void shutdown(api),
    getContextUsage: () => contextUsage(api),
    compact(opts: { customInstructions?: string; onComplete?(r: unknown): void; onError?(e: Error): void } = {}) {
      if (!api.services.has("compaction")) return opts.onError?.(new Error("this agent has no compaction service"));
      api.services.use<{ compact(i?: string): Promise<unknown> }>("compaction").compact(opts.customInstructions)
        .then((r) => opts.onComplete?.(r), (e: Error) => opts.onError?.(e));
    },
    getSystemPrompt: () => rt.systemPrompt,
    isProjectTrusted: () => isTrusted(api.agentDir, api.cwd),
  };
}

export function createCommandContext(rt: Runtime, api: PluginApi): Record<string, unknown> {
  const sessions = (): Sessions => {
    if (!api.services.has("sessions")) throw new Error("this agent has no session store");
    return api.services.use<Sessions>("sessions");
  };
  const replaced = async (reason: string, change: () => void) => {
    await emitSession(rt, { type: "session_shutdown", reason });
    change();
    await emitSession(rt, { type: "session_start", reason });
    return { cancelled: false };
  };
  return {
    ...createContext(rt, api),
    waitForIdle: () => api.actions.waitForIdle(),
    newSession: async (o: { parentSession?: string } = {}) => {
      if (await cancelled(rt, { type: "session_before_switch", reason: "new" })) return { cancelled: true };
      return replaced("new", () => sessions().newSession({ parentSession: o.parentSession }));
    },
    fork: async (entryId: string) => {
      if (await cancelled(rt, { type: "session_before_fork", entryId, position: "before" })) return { cancelled: true };
      return replaced("fork", () => sessions().fork(entryId));
    },
    navigateTree: async (targetId: string) => {
      sessions().navigate(targetId);
      return { cancelled: false };
    },
    switchSession: async (path: string) => {
      if (await cancelled(rt, { type: "session_before_switch", reason: "resume", targetSessionFile: path })) return { cancelled: true };
      return replaced("resume", () => sessions().open(path));
    },
    reload: () => api.actions.reload(),
  };
}

/** Runs a session_before_* event; any handler answering `{cancel: true}` cancels. */
async function cancelled(rt: Runtime, event: Record<string, unknown>): Promise<boolean> {
  let cancel = false;
  await rt.handlers.each(event, (e) => createContext(rt, e.api), (o) => {
    if (o.ok && (o.value as { cancel?: boolean } | undefined)?.cancel) cancel = true;
    return cancel;
  });
  return cancel;
}

export async function emitSession(rt: Runtime, event: Record<string, unknown>): Promise<void> {
  await rt.handlers.each(event, (e) => createContext(rt, e.api));
}

function modelRegistry(rt: Runtime, api: PluginApi): Record<string, unknown> {
  const models = () => (api.services.get<{ apiKey(m: Model): Promise<string | undefined> }>("models"));
  return {
    getAll: () => rt.models(),
    getAvailable: () => rt.models(),
    find: (provider: string, id: string) => rt.models().find((m) => m.provider === provider && m.id === id),
    getApiKey: (model: Model) => models()?.apiKey(model),
    getApiKeyForProvider: (provider: string) => {
      const model = rt.models().find((m) => m.provider === provider);
      return model ? models()?.apiKey(model) : undefined;
    },
  };
}

function contextUsage(api: PluginApi): { tokens: number | null; contextWindow: number; percent: number | null } {
  const contextWindow = api.agent.model?.contextWindow ?? 0;
  const last = [...api.agent.messages].reverse().find((m): m is AssistantMessage => m.role === "assistant" && (m as AssistantMessage).stopReason !== "error");
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
