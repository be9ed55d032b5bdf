// pi's ExtensionAPI (`pi.*`) for one extension, over that extension's own kernel api: what it
// registers is owned by it (and goes away when it is reloaded), and its failures carry its name.
import type { Model, PluginApi, ThinkingLevel, ToolDef } from "pi-kernel";
import { slashCommandsNow } from "../../lib/resource-kit/index.js";
import { normaliseKey } from "../../lib/tui/index.js";
import { wrapCompactors } from "./compaction.js";
import { createCommandContext, createContext } from "./context.js";
import { createDisplayApi } from "./display-api.js";
import { createMcpApi } from "./mcp-servers.js";
import { createVirtualModelApi } from "./virtual-models.js";
import { execCommand } from "./exec.js";
import type { HandlerEntry, PiHandler } from "./handlers.js";
import { Stages } from "../../contracts/stages.js";
import { customMessage, deliver, sendUserMessage } from "./messages.js";
import type { Runtime } from "./runtime.js";
import { registerProvider, unregisterProvider } from "./providers.js";
import { adaptTool } from "./tools.js";
import type { CommandDef, MessageRendererDef, ShortcutDef } from "../../contracts/index.js";

const LEVELS: ThinkingLevel[] = ["off", "minimal", "low", "medium", "high", "xhigh"];

type PiMessageRenderer = (message: unknown, opts: { expanded: boolean }, theme: unknown) => { render(width: number): string[] } | undefined;

/** pi lets an extension register a name again to update it: the registered object is updated. */
function again<T extends { name: string }>(known: Map<string, T>, def: T, register: () => void): void {
  const old = known.get(def.name);
  if (old) return void Object.assign(old, def);
  known.set(def.name, def);
  register();
}

/** `sourceInfo`: where the extension was found, given to the commands it registers. */
export function createPiApi(rt: Runtime, api: PluginApi, ext: string, sourceInfo?: CommandDef["sourceInfo"]): Record<string, unknown> {
  const ctx = () => createContext(rt, api.current());
  const sessions = () => api.services.get("sessions");
  const tools = new Map<string, ToolDef>();
  const commands = new Map<string, CommandDef>();
  const shortcuts = new Map<string, ShortcutDef>();
  const renderers = new Map<string, MessageRendererDef>();
  // A reload sets an extension up again while a turn may still run on the version before: its
  // handlers wait, like the kernel's staged taps, until the new version is committed (the boot
  // that follows the commit), and the old version's go with its disposers. Handlers added once
  // it is live (from a command, an event) are live at once.
  const waiting: HandlerEntry[] = [];
  let live = false;
  api.on(
    "boot",
    () => {
      if (live) return;
      live = true;
      const mine = new Set(waiting.splice(0));
      rt.handlers.supersede(ext, mine);
      for (const entry of mine) (entry.live = true), rt.started.add(entry);
    },
    { stage: Stages.EARLY },
  );
  return {
    on(event: string, handler: PiHandler) {
      const entry: HandlerEntry = { ext, api, fn: handler, live };
      if (!live) waiting.push(entry);
      api.onDispose(rt.handlers.add(event, entry));
      if (event === "session_before_compact") wrapCompactors(rt, rt.api);
    },
    registerTool(def: Record<string, unknown>) {
      const adapted = adaptTool(def, () => ctx());
      // As in pi: an extension's tool replaces a built-in one of its name, and the first extension
      // to register a name keeps it (the kernel refuses the second, naming both).
      if (!rt.toolSources.has(adapted.name)) adapted.override = true;
      again(tools, adapted, () => api.register.tool(adapted));
      if (sourceInfo && !rt.toolSources.has(adapted.name)) {
        rt.toolSources.set(adapted.name, sourceInfo);
        api.onDispose(() => rt.toolSources.delete(adapted.name));
      }
    },
    registerCommand(
      name: string,
      def: { description?: string; handler(args: string, ctx: unknown): unknown; getArgumentCompletions?(p: string): unknown },
    ) {
      const command: CommandDef = {
        name,
        description: def.description,
        source: "extension",
        sourceInfo,
        handler: async (args) => {
          await def.handler(args, createCommandContext(rt, api.current()));
        },
        getArgumentCompletions: def.getArgumentCompletions as CommandDef["getArgumentCompletions"],
      };
      again(commands, command, () => api.register.command(command));
    },
    // The UIs run it (plugins/ui-interactive/shortcuts.ts); pi's key ids ("ctrl+shift+p", "alt+x", "f5")
    // are put in the UIs' canonical order.
    registerShortcut(key: string, def: { description?: string; handler(ctx: unknown): unknown }) {
      const shortcut: ShortcutDef = { name: normaliseKey(key), description: def.description, handler: () => def.handler(ctx()) };
      again(shortcuts, shortcut, () => api.register.shortcut(shortcut));
    },
    registerFlag(name: string, def: { type?: "boolean" | "string"; default?: unknown; description?: string }) {
      rt.flags.set(name, { ext, name, type: def.type ?? "boolean", default: def.default, description: def.description });
      // Also a kernel contribution, so `pi --help` lists it.
      api.register.flag({ name, type: def.type ?? "boolean", default: def.default, description: def.description });
    },
    // As in pi, an extension reads only the flags it registered itself.
    getFlag(name: string) {
      const decl = rt.flags.get(name);
      if (decl?.ext !== ext) return undefined;
      const camel = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      const given = api.flags[camel] ?? api.flags[name];
      if (given === undefined) return decl?.default;
      return decl?.type === "boolean" && typeof given === "string" ? given !== "false" : given;
    },
    // pi's renderer returns a pi-tui Component; the UIs want its lines at their width.
    registerMessageRenderer(customType: string, renderer: PiMessageRenderer) {
      const def: MessageRendererDef = {
        name: customType,
        render: (message, o) => renderer(message, { expanded: o.expanded }, o.theme)?.render(o.width),
      };
      again(renderers, def, () => api.register.messageRenderer(def));
    },
    sendMessage: (message: Record<string, unknown>, opts: { triggerTurn?: boolean; deliverAs?: string } = {}) =>
      deliver(api.current(), customMessage(message), opts, rt.finishMessage),
    sendUserMessage: (content: unknown, opts: { deliverAs?: string } = {}) => sendUserMessage(api.current(), content, opts),
    appendEntry(customType: string, data?: unknown) {
      const entry = sessions()?.append({ type: "custom", customType, data });
      // The interactive UIs draw it when an entry renderer is registered for its type.
      if (entry?.type === "custom") api.actions.emit({ type: "custom_entry", entry });
    },
    // A copy of the merged settings (global, then project), as pi's getSettings().
    getSettings: () => JSON.parse(JSON.stringify(api.current().settings ?? {})) as Record<string, unknown>,
    setSessionName: (name: string) => sessions()?.setName(name),
    getSessionName: () => sessions()?.name,
    setLabel: (entryId: string, label: string | undefined) => sessions()?.setLabel(entryId, label),
    exec: (command: string, args: string[] = [], opts: { signal?: AbortSignal; timeout?: number; cwd?: string } = {}) =>
      execCommand(command, args, { cwd: api.cwd, ...opts }),
    getActiveTools: () => api.agent.activeToolNames(),
    getAllTools: () =>
      api
        .current()
        .registry.list("tool")
        .map((t) => ({
          name: t.name,
          description: t.description,
          parameters: t.parameters,
          // Tools of pi-kernel's own plugins are its built-ins, named as pi names them.
          sourceInfo: rt.toolSources.get(t.name) ?? {
            path: `<builtin:${t.name}>`,
            source: "builtin",
            scope: "temporary",
            origin: "top-level",
          },
        })),
    setActiveTools: (names: string[]) => api.actions.setActiveTools(names),
    // An array, at once, as pi returns it.
    getCommands: () => slashCommandsNow(api.current()),
    async setModel(model: Model) {
      const models = api.services.get("models");
      const key = await models?.apiKey(model);
      const own = [...rt.providerModels.values()].flat().some((m) => m.provider === model.provider && m.id === model.id);
      if (!key && !own) return false;
      // As pi: the preferred thinking level follows, clamped to what the model can do.
      if (models) models.select(model);
      else api.actions.setModel(model);
      return true;
    },
    getThinkingLevel: () => api.agent.thinkingLevel,
    // The agent clamps it to what the model offers (pi's setThinkingLevel); an unknown name is ignored.
    setThinkingLevel(level: ThinkingLevel) {
      if (LEVELS.includes(level)) api.actions.setThinkingLevel(level);
    },
    registerProvider(name: string, config: Record<string, unknown>) {
      registerProvider(rt, api, name, config);
      api.onDispose(() => unregisterProvider(rt, name));
    },
    unregisterProvider: (name: string) => unregisterProvider(rt, name),
    ...createDisplayApi(api, ext),
    ...createMcpApi(rt, api, ext, sourceInfo?.path ?? ext),
    ...createVirtualModelApi(rt, api),
    events: rt.bus,
  };
}
