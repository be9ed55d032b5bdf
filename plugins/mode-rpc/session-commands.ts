// RPC commands served by other plugins' services: the session store ("sessions"), compaction
// ("compaction"), the user shell ("userBash", "shellJobs"), HTML export ("export") and MCP ("mcp"). Each fails
// with a clear error when the agent was composed without the plugin that provides the service.
import type { AgentMessage, PluginApi, ServiceName, Services } from "pi-kernel";
import type { MessageEntry } from "../../contracts/index.js";
import { piSessionTree } from "../../lib/session-kit/index.js";
import { streamBashOutput } from "./bash-output.js";
import { NO_DATA, text, type Handler } from "./handler.js";

function service<K extends ServiceName>(api: PluginApi, name: K, command: string): Services[K] {
  if (!api.services.has(name)) throw new Error(`${command} needs the "${name}" service, which no plugin in this agent provides`);
  return api.services.use(name);
}

const sessions = (api: PluginApi, command: string) => service(api, "sessions", command);

function userText(message: AgentMessage | undefined): string {
  const content = (message as { content?: unknown } | undefined)?.content;
  if (typeof content === "string") return content;
  return Array.isArray(content)
    ? content
        .filter((c) => c?.type === "text")
        .map((c) => c.text as string)
        .join("")
    : "";
}

/** Flips a setting: written to settings.json by the settings plugin as pi does, else for this process. */
function setSetting(api: PluginApi, group: string, key: string, value: unknown): void {
  const store = api.services.get("settings");
  if (store) return store.set(`${group}.${key}`, value);
  const settings = api.settings as Record<string, Record<string, unknown> | undefined>;
  const current = settings[group];
  settings[group] = { ...(current && typeof current === "object" ? current : {}), [key]: value };
}

function enabled(cmd: Record<string, unknown>): boolean {
  if (typeof cmd.enabled !== "boolean") throw new Error(`Missing or invalid field "enabled": expected true or false`);
  return cmd.enabled;
}

export const SESSION_COMMANDS: Record<string, Handler> = {
  new_session: async (cmd, ctx) => {
    const api = ctx.api;
    await api.actions.waitForIdle();
    const store = sessions(api, "new_session");
    const parentSession = typeof cmd.parentSession === "string" ? cmd.parentSession : undefined;
    return {
      cancelled: (await store.replace({ type: "session_before_switch", reason: "new" }, "new", () => store.newSession({ parentSession })))
        .cancelled,
    };
  },
  switch_session: async (cmd, ctx) => {
    const api = ctx.api;
    await api.actions.waitForIdle();
    const store = sessions(api, "switch_session");
    const path = text(cmd, "sessionPath");
    return {
      cancelled: (
        await store.replace({ type: "session_before_switch", reason: "resume", targetSessionFile: path }, "resume", () => store.open(path))
      ).cancelled,
    };
  },
  fork: async (cmd, ctx) => {
    const api = ctx.api;
    const store = sessions(api, "fork");
    const entryId = text(cmd, "entryId");
    const entry = store.path().find((e) => e.id === entryId);
    if (entry?.type !== "message" || entry.message.role !== "user") throw new Error(`No user message ${entryId} on the current path`);
    await api.actions.waitForIdle();
    const r = await store.replace({ type: "session_before_fork", entryId, position: "before" }, "fork", () => store.fork(entryId));
    return r.cancelled ? { cancelled: true } : { text: userText(entry.message), cancelled: false };
  },
  clone: async (_cmd, ctx) => {
    const api = ctx.api;
    await api.actions.waitForIdle();
    const store = sessions(api, "clone");
    const leaf = store.path().at(-1);
    // An empty session has no entry to name in session_before_fork: it is copied as before.
    if (!leaf) store.clone();
    else if (
      (await store.replace({ type: "session_before_fork", entryId: leaf.id, position: "at" }, "fork", () => store.clone())).cancelled
    )
      return { cancelled: true };
    return { cancelled: false };
  },
  get_fork_messages: (_cmd, ctx) => ({
    messages: sessions(ctx.api, "get_fork_messages")
      .path()
      .filter((e): e is MessageEntry => e.type === "message" && e.message.role === "user")
      .map((e) => ({ entryId: e.id, text: userText(e.message) })),
  }),
  // pi's get_entries: every entry after the header (or after `since`), and the leaf.
  get_entries: (cmd, ctx) => {
    const store = sessions(ctx.api, "get_entries");
    let entries = store.entries();
    if (cmd.since !== undefined) {
      const at = entries.findIndex((e) => e.id === cmd.since);
      if (at < 0) throw new Error(`Entry not found: ${String(cmd.since)}`);
      entries = entries.slice(at + 1);
    }
    return { entries, leafId: store.leafId };
  },
  get_tree: (_cmd, ctx) => {
    const store = sessions(ctx.api, "get_tree");
    return { tree: piSessionTree(store.entries()), leafId: store.leafId };
  },
  set_session_name: (cmd, ctx) => {
    const name = text(cmd, "name").trim();
    if (!name) throw new Error("Session name cannot be empty");
    sessions(ctx.api, "set_session_name").setName(name);
    return NO_DATA;
  },
  compact: async (cmd, ctx) => {
    const api = ctx.api;
    await api.actions.waitForIdle();
    const instructions = typeof cmd.customInstructions === "string" ? cmd.customInstructions : undefined;
    const entry = await service(api, "compaction", "compact").compact(instructions);
    return { summary: entry.summary, firstKeptEntryId: entry.firstKeptEntryId, tokensBefore: entry.tokensBefore, details: entry.details };
  },
  set_auto_compaction: (cmd, ctx) => {
    setSetting(ctx.api, "compaction", "enabled", enabled(cmd));
    return NO_DATA;
  },
  set_auto_retry: (cmd, ctx) => {
    setSetting(ctx.api, "retry", "enabled", enabled(cmd));
    return NO_DATA;
  },
  // Provider retries wait inside the running request; ending that wait ends the run.
  abort_retry: (_cmd, ctx) => {
    const api = ctx.api;
    if (api.agent.isStreaming) api.actions.abort();
    return NO_DATA;
  },
  // Two optional fields pi's protocol does not have: excludeFromContext (`!!cmd` from `pi attach`,
  // run but kept from the model), and stream (partial output while it runs: bash-output.ts).
  bash: async (cmd, ctx) => {
    const output = cmd.stream === true ? streamBashOutput(ctx, cmd.id) : undefined;
    try {
      return await service(ctx.api, "userBash", "bash").run(text(cmd, "command"), {
        excludeFromContext: cmd.excludeFromContext === true,
        ...(output && { onData: output.onData }),
      });
    } finally {
      output?.end();
    }
  },
  // Not in pi's protocol: Ctrl+B in `pi attach`. The foreground commands on offer (the model's bash
  // calls, `!cmd`; all, or those running `command`) become background jobs, as the key does locally.
  to_background: async (cmd, ctx) => {
    const wanted = cmd.command === undefined ? undefined : text(cmd, "command");
    const running = service(ctx.api, "shellJobs", "to_background")
      .foreground()
      .filter((c) => wanted === undefined || c.command === wanted);
    const moved = await Promise.all(running.map(async (c) => ({ id: await c.toBackground(), command: c.command })));
    return { jobs: moved.filter((job) => job.id !== undefined) };
  },
  abort_bash: (_cmd, ctx) => {
    service(ctx.api, "userBash", "abort_bash").abort();
    return NO_DATA;
  },
  export_html: async (cmd, ctx) => {
    const outputPath = typeof cmd.outputPath === "string" ? cmd.outputPath : undefined;
    return { path: await service(ctx.api, "export", "export_html").exportHtml(outputPath) };
  },
  // Each server's state, tools and prompts; env and header values never appear in it.
  get_mcp_servers: (_cmd, ctx) => {
    const mcp = ctx.api.services.get("mcp");
    if (!mcp) throw new Error('get_mcp_servers: the mcp plugin is not loaded in this agent (no plugin provides the "mcp" service)');
    return { servers: mcp.servers() };
  },
};
