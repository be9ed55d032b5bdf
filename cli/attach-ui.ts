// `pi attach`'s interactive UI: the project's own app (plugins/ui-interactive) and frame (inline or
// full screen), given an api whose agent is the served one (attach-remote-agent.ts): its actions
// are RPC commands, its state a mirror of the server's, its events the server's. The server's
// dialogs open here like local ones; the first client to answer wins, and a dialog another client
// answered closes. The user shell and Ctrl+B work on the server (attach-shell.ts); the terminal's
// own commands run here (attach-local-commands.ts). No agent, provider or tool runs in this process.
import { join } from "node:path";
import type { AgentEvent, Model, PluginApi } from "pi-kernel";
import type { CommandDef } from "../contracts/commands.js";
import { agentDirOf } from "../compose/agent-dir.js";
import { loadSettings } from "../compose/settings.js";
import { loadKeybindings, ProcessTerminal } from "../lib/tui/index.js";
import { createActions } from "../plugins/ui-interactive/actions.js";
import { InteractiveApp } from "../plugins/ui-interactive/app.js";
import { createKeymap } from "../plugins/ui-interactive/keymap.js";
import { createUiService } from "../plugins/ui-interactive/ui-service.js";
import themesPlugin from "../plugins/themes/index.js";
import { connect } from "./attach-command.js";
import { localCommands, runLocal } from "./attach-local-commands.js";
import { remoteShell } from "./attach-shell.js";
import type { AttachTarget } from "./attach-target.js";
import { RemoteAgent } from "./attach-remote-agent.js";

// biome-ignore lint/suspicious/noExplicitAny: the server's JSON records (pi's RPC shapes), read field by field
type Rec = Record<string, any>;

export async function attachUi(target: AttachTarget, opts: { ui?: string }): Promise<number> {
  const ws = await connect(target).catch((error: Error) => error);
  if (ws instanceof Error) {
    process.stderr.write(`pi attach: ${ws.message}\n`);
    return 1;
  }
  const remote = new RemoteAgent(ws);
  await remote.start();
  const agentDir = agentDirOf();
  const settings = loadSettings(agentDir, process.cwd()).settings as Record<string, unknown>;
  const inline = async () => new (await import("../plugins/ui-inline/inline-frame.js")).InlineFrame();
  const frame =
    (opts.ui ?? settings.ui) === "fullscreen"
      ? new (await import("../plugins/ui-fullscreen/fullscreen-frame.js")).FullscreenFrame()
      : await inline();
  const disposers: (() => void)[] = [];
  const registered: CommandDef[] = [];
  const local = new Map<string, CommandDef>();
  const api = remoteApi(remote, { settings, agentDir, disposers, registered, local });
  // The local themes plugin on this api: the theme a local session would pick (settings, theme dirs).
  await Promise.resolve(themesPlugin.setup(api)).catch((error: Error) => process.stderr.write(`pi attach: themes: ${error.message}\n`));
  const app = new InteractiveApp(api, new ProcessTerminal(), loadKeybindings(join(agentDir, "keybindings.json")), frame);
  const actions = createActions(app);
  app.onInput = createKeymap(app, actions);
  const ui = createUiService(app);
  (api as { ui?: unknown }).ui = ui;
  const services = api.services as unknown as { provide(name: string, service: unknown): void };
  const shell = remoteShell(remote, (text) => ui.setStatus("jobs-foreground", text));
  services.provide("userBash", shell.userBash);
  services.provide("shellJobs", shell.shellJobs);
  services.provide("interactive", { app: () => app });
  services.provide("ui-frame:inline", inline);
  // `/ui web`: the server serves the page already; say where (with the token, as pi serve prints it).
  services.provide("ui-beside:web", async () => `Web UI of this session: ${webAddress(target)}`);
  // The terminal's own commands (/hotkeys, /copy, /theme, /ui...) run here; the rest on the server.
  for (const [name, def] of await localCommands(api, { app, actions }, registered)) local.set(name, def);
  const sendPrompt = api.actions.prompt;
  api.actions.prompt = async (message, o) => {
    if (!(await runLocal(local, api, message))) await sendPrompt(message, o);
  };
  remote.onEvent((e) => app.onEvent(e));
  remote.onRefresh(() => app.render());
  remote.onUiRecord(dialogs(remote, ui));
  ws.on("close", (code) => {
    app.notify(code === 1001 ? "The server stopped." : `Disconnected from the server (${code}).`, "warning");
    app.exit(code === 1001 || code === 1000 ? 0 : 1);
  });
  app.notify(
    `Attached to ${target.rpcUrl.replace(/\/rpc$/, "")} · session ${remote.sessionId} · ctrl+c twice detaches (the agent runs on)`,
  );
  const code = await app.run();
  ws.close(1000);
  for (const dispose of disposers) dispose();
  return code;
}

function webAddress(target: AttachTarget): string {
  const page = `${target.rpcUrl.replace(/^ws/, "http").replace(/rpc$/, "")}`;
  return target.token ? `${page}?token=${encodeURIComponent(target.token)}` : page;
}

/** The server's extension UI requests, shown with the app's own dialogs; an answer goes back. */
function dialogs(remote: RemoteAgent, ui: ReturnType<typeof createUiService>): (r: Rec) => void {
  const open = new Map<string, AbortController>();
  return (r) => {
    if (r.type === "extension_ui_closed") return open.get(r.id)?.abort();
    const answer = (fields: Rec) => open.delete(r.id) && remote.send({ type: "extension_ui_response", id: r.id, ...fields });
    const ask = (run: (signal: AbortSignal) => Promise<Rec>) => {
      const controller = new AbortController();
      open.set(r.id, controller);
      void run(controller.signal).then((fields) => (controller.signal.aborted ? open.delete(r.id) : answer(fields)));
    };
    const value = (v: string | undefined): Rec => (v === undefined ? { cancelled: true } : { value: v });
    switch (r.method) {
      case "select":
        return ask(async (signal) => value(await ui.select(r.title, r.options, { signal, diff: r.diff })));
      case "confirm":
        return ask(async (signal) => ({ confirmed: await ui.confirm(r.title, r.message ?? "", { signal }) }));
      case "input":
        return ask(async (signal) => value(await ui.input(r.title, r.placeholder, { signal })));
      case "editor":
        return ask(async (signal) => value(await ui.editor(r.title, r.prefill, { signal })));
      case "notify":
        return ui.notify(r.message, r.notifyType);
      case "setStatus":
        return ui.setStatus(r.statusKey, r.statusText);
      case "setWidget":
        return ui.setWidget(r.widgetKey, r.widgetLines, { placement: r.widgetPlacement });
      case "setTitle":
        return ui.setTitle(r.title);
      case "set_editor_text":
        return ui.setEditorText(r.text);
    }
  };
}

const MIRRORED = [
  "messages",
  "model",
  "thinkingLevel",
  "isStreaming",
  "sessionId",
  "steeringMode",
  "followUpMode",
  "pendingMessageCount",
] as const;

/** The agent's state as the app reads it (api.agent), read live from the remote mirror. */
function mirror(remote: RemoteAgent): Rec {
  const view: Rec = { cwd: process.cwd(), activeToolNames: () => [] };
  for (const key of MIRRORED) Object.defineProperty(view, key, { get: () => remote[key], enumerable: true });
  return view;
}

interface RemoteApiParts {
  settings: Record<string, unknown>;
  agentDir: string;
  disposers: (() => void)[];
  /** What local plugins register (ui-fullscreen's /ui), and the commands that run here. */
  registered: CommandDef[];
  local: Map<string, CommandDef>;
}

/** What the app reads of a plugin api, answered by the remote agent (the rest is absent here). */
function remoteApi(remote: RemoteAgent, { settings, agentDir, disposers, registered, local }: RemoteApiParts): PluginApi {
  const fail = (error: Error) => {
    throw error;
  };
  const models = {
    list: () => remote.models,
    find: (provider: string, id: string) => remote.models.find((m) => m.provider === provider && m.id === id),
    resolve: (pattern: string) => remote.models.find((m) => `${m.provider}/${m.id}` === pattern || m.id === pattern),
    select: (model: Model) =>
      void remote.call({ type: "set_model", provider: model.provider, modelId: model.id }).then(() => remote.refresh()),
    // The server cycles through its own scope (--models, enabledModels); the footer follows on refresh.
    cycle: (direction: "forward" | "backward") => {
      void remote
        .call({ type: "cycle_model", direction })
        .then(() => remote.refresh())
        .catch((error: Error) => (api.ui as { notify?(m: string, t: string): void } | undefined)?.notify?.(error.message, "warning"));
      return true;
    },
  };
  const provided = new Map<string, unknown>([["models", models]]);
  // The local commands, then the server's (its copies of the local ones left out).
  const commandDefs = () => [
    ...local.values(),
    ...remote.commands
      .filter((c) => !local.has(c.name))
      .map((c) => ({ name: c.name, description: c.description, handler: () => undefined })),
  ];
  const api: Rec = {
    name: "pi-attach",
    cwd: process.cwd(),
    agentDir,
    settings,
    flags: { mode: "interactive" },
    agent: mirror(remote),
    actions: {
      prompt: async (message: string, o: Rec = {}) => {
        await remote.call({ type: "prompt", message, images: o.images, streamingBehavior: o.streamingBehavior });
        // Commands that replace the conversation (/new, /resume, /compact...) answer after they ran.
        if (message.startsWith("/")) await remote.loadMessages().then(() => remote.refresh());
      },
      steer: (text: string) => void remote.call({ type: "steer", message: text }).catch(fail),
      followUp: (text: string) => void remote.call({ type: "follow_up", message: text }).catch(fail),
      clearQueues: () => (void remote.call({ type: "clear_queue" }), []),
      abort: () => void remote.call({ type: "abort" }),
      waitForIdle: () => remote.waitForIdle(),
      setModel: (model: Model) => models.select(model),
      setThinkingLevel: (level: string) => void remote.call({ type: "set_thinking_level", level }).then(() => remote.refresh()),
      emit: (_e: AgentEvent) => undefined,
    },
    services: {
      get: (name: string) => provided.get(name) ?? (name === "ui" ? api.ui : undefined),
      has: (name: string) => provided.has(name) || (name === "ui" && !!api.ui),
      use: (name: string) => api.services.get(name) ?? fail(new Error(`"${name}" is not available in pi attach`)),
      // What local plugins run here provide (themes, ui-fullscreen's frame) and the shell on the server.
      provide: (name: string, service: unknown) => void provided.set(name, service),
    },
    registry: {
      list: (kind: string) => (kind === "command" ? commandDefs() : []),
      get: (kind: string, name: string) => (kind === "command" ? commandDefs().find((c) => c.name === name) : undefined),
      owner: () => undefined,
    },
    register: { command: (def: CommandDef) => (registered.push(def), () => undefined) },
    on: () => () => undefined,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    diagnose: () => undefined,
    keep: (_key: string, init: () => unknown) => init(),
    onDispose: (fn: () => void) => void disposers.push(fn),
    current: () => api,
  };
  return api as unknown as PluginApi;
}
