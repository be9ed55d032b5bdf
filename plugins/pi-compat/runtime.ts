// What pi-compat keeps for one plugin generation: the handlers, the shared event bus, and the
// things extensions declare (shortcuts, flags, message renderers, provider models), plus the
// state of the current run that pi's ctx exposes (its AbortSignal, the last system prompt).
import type { Model, PluginApi } from "pi-kernel";
import { createEventBus, type EventBusController } from "../../lib/pi-compat/event-bus.js";
import { Handlers } from "./handlers.js";

export interface Shortcut { ext: string; key: string; description?: string; handler(ctx: unknown): unknown }
export interface FlagDecl { ext: string; name: string; type: "boolean" | "string"; default?: unknown; description?: string }
export type MessageRenderer = (message: unknown, opts: { expanded: boolean }, theme: unknown) => unknown;

export class Runtime {
  readonly handlers: Handlers;
  readonly bus: EventBusController;
  readonly shortcuts = new Map<string, Shortcut>();
  readonly flags = new Map<string, FlagDecl>();
  readonly renderers = new Map<string, MessageRenderer>();
  /** Models registered by extensions' registerProvider, by provider name. */
  readonly providerModels = new Map<string, Model[]>();
  /** The file each extension was loaded from, for crash attribution. */
  readonly files = new Map<string, { root: string; api: PluginApi }>();
  systemPrompt = "";
  run: AbortController | undefined;
  turnIndex = 0;

  constructor(readonly api: PluginApi, timeoutMs: number) {
    this.handlers = new Handlers(timeoutMs);
    this.bus = createEventBus((channel, error) => api.diagnose({
      level: "error", where: `events:${channel}`, message: `pi.events listener on "${channel}" failed: ${error instanceof Error ? error.message : String(error)}`, error,
    }));
  }

  /** Every model an extension can pick: the catalog plus extension-registered providers. */
  models(): Model[] {
    const catalog = this.api.services.get<{ list(): Model[] }>("models")?.list() ?? [];
    return [...catalog, ...[...this.providerModels.values()].flat()];
  }
}
