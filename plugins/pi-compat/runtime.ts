// What pi-compat keeps for one plugin generation: the handlers, the shared event bus, and the
// things extensions declare (flags, provider models; their shortcuts and message renderers are
// kernel contributions the UIs read), plus the state of the current run that pi's ctx exposes
// (its AbortSignal, the last system prompt).
import type { AgentMessage, Model, PluginApi } from "pi-kernel";
import { createEventBus, type EventBusController } from "./modules/event-bus.js";
import { type HandlerEntry, Handlers } from "./handlers.js";
import type { PromptOptions } from "./prompt-options.js";
import type { CommandDef } from "../../contracts/index.js";
import type { VirtualModel } from "./virtual-models.js";

export interface FlagDecl {
  ext: string;
  name: string;
  type: "boolean" | "string";
  default?: unknown;
  description?: string;
}

export class Runtime {
  readonly handlers: Handlers;
  readonly bus: EventBusController;
  readonly flags = new Map<string, FlagDecl>();
  /** Models registered by extensions' registerProvider, by provider name. */
  readonly providerModels = new Map<string, Model[]>();
  /** The config each provider was registered with (pi's getRegisteredProviderConfig), by provider name. */
  readonly providerConfigs = new Map<string, Record<string, unknown>>();
  /** What unregisters each provider an extension registered, by provider name. */
  readonly providers = new Map<string, () => void>();
  /** The file each extension was loaded from, for crash attribution. */
  readonly files = new Map<string, { root: string; api: PluginApi }>();
  /** Where each extension-registered tool comes from (pi's getAllTools sourceInfo), by tool name. */
  readonly toolSources = new Map<string, NonNullable<CommandDef["sourceInfo"]>>();
  /** MCP servers extensions registered (pi's registerMcpServer), by name. */
  readonly mcpServers = new Map<string, { name: string; config: Record<string, unknown>; extensionPath: string; owner: string }>();
  /** Virtual models extensions registered (pi's registerVirtualModel), by `provider/id`. */
  readonly virtualModels = new Map<string, VirtualModel>();
  /** What lists each provider's virtual models in the models service, by provider. */
  readonly virtualListings = new Map<string, () => void>();
  /** session_start has run once: later registrations are news to extensions (pi's mcp_servers_change). */
  bound = false;
  systemPrompt = "";
  /** getSystemPromptOptions' inputs, refreshed when the system prompt is built (prompt-options.ts). */
  promptOptions: Omit<PromptOptions, "selectedTools" | "toolSnippets" | "toolGuidelines" | "promptGuidelines"> | undefined;
  run: AbortController | undefined;
  /** Runs message_end handlers on a message stored outside a run (set by the event mapping). */
  finishMessage: ((message: AgentMessage) => Promise<AgentMessage>) | undefined;
  turnIndex = 0;
  /** The handlers of the extension versions that went live at the boot now running: a reload of one extension is news to it alone. */
  readonly started = new Set<HandlerEntry>();

  constructor(
    readonly api: PluginApi,
    timeoutMs: number,
  ) {
    this.handlers = new Handlers(timeoutMs);
    this.bus = createEventBus((channel, error) =>
      api.diagnose({
        level: "error",
        where: `events:${channel}`,
        message: `pi.events listener on "${channel}" failed: ${error instanceof Error ? error.message : String(error)}`,
        error,
      }),
    );
  }

  /** Every model an extension can pick: the catalog plus extension-registered providers. */
  models(): Model[] {
    return this.catalog("list");
  }

  /** Every known model, with or without an API key (pi's modelRegistry.getAll). */
  allModels(): Model[] {
    return this.catalog("all");
  }

  private catalog(which: "list" | "all"): Model[] {
    const service = this.api.services.get("models");
    const known = (which === "all" ? service?.all?.() : undefined) ?? service?.list() ?? [];
    // A models service that takes providers already lists the extensions' models.
    if (service?.addProvider) return known;
    return [...known, ...[...this.providerModels.values()].flat()];
  }
}
