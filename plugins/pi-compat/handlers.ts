// The event handlers pi extensions register with `pi.on(event, handler)`, kept per generation.
// Every call is contained: a handler that throws, rejects or never settles is reported with its
// extension's name and the agent carries on (a timed-out handler counts as a failed one).
import type { PluginApi } from "pi-kernel";

export type PiHandler = (event: Record<string, unknown>, ctx: unknown) => unknown;
export interface HandlerEntry {
  ext: string;
  api: PluginApi;
  fn: PiHandler;
  /** False while its extension's version waits to be committed (pi-api.ts): not called yet. */
  live: boolean;
}

/** What a handler call produced: its value, or `failed` with the reason already reported. */
export type Outcome = { ok: true; value: unknown } | { ok: false; error: string };

export const DEFAULT_HANDLER_TIMEOUT_MS = 30_000;

export class Handlers {
  private readonly byEvent = new Map<string, HandlerEntry[]>();

  constructor(private readonly timeoutMs: number) {}

  add(event: string, entry: HandlerEntry): () => void {
    const list = this.byEvent.get(event) ?? [];
    this.byEvent.set(event, list);
    list.push(entry);
    return () => {
      const i = list.indexOf(entry);
      if (i >= 0) list.splice(i, 1);
    };
  }

  has(event: string): boolean {
    return this.byEvent.get(event)?.some((e) => e.live) ?? false;
  }

  /** A new version of `ext` went live: the handlers of its versions before go quiet now, not when they are disposed. */
  supersede(ext: string, current: Set<HandlerEntry>): void {
    for (const list of this.byEvent.values()) for (const e of list) if (e.ext === ext && !current.has(e)) e.live = false;
  }

  list(event: string): HandlerEntry[] {
    return (this.byEvent.get(event) ?? []).filter((e) => e.live);
  }

  /**
   * Calls one handler with containment; `ctx` is built for the handler's own extension. The
   * timer is not unref'd: a handler that never settles must not let the process drain and exit.
   */
  async call(entry: HandlerEntry, event: Record<string, unknown>, ctx: unknown): Promise<Outcome> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const value = await Promise.race([
        Promise.resolve().then(() => entry.fn(event, ctx)),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`did not finish within ${this.timeoutMs} ms`)), this.timeoutMs);
        }),
      ]);
      return { ok: true, value };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      report(entry, String(event.type), message, error);
      return { ok: false, error: message };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs every handler of `event` (those `to` selects) in registration order, awaiting each. */
  async each(
    event: Record<string, unknown>,
    ctxFor: (entry: HandlerEntry) => unknown,
    visit?: (o: Outcome, e: HandlerEntry) => boolean | void,
    to: (e: HandlerEntry) => boolean = () => true,
  ): Promise<void> {
    for (const entry of this.list(String(event.type)).filter(to)) {
      const outcome = await this.call(entry, event, ctxFor(entry));
      if (visit?.(outcome, entry) === true) return;
    }
  }
}

export function report(entry: Pick<HandlerEntry, "ext" | "api">, where: string, message: string, error?: unknown): void {
  try {
    entry.api.diagnose({
      level: "error",
      where: `extension:${where}`,
      message: `extension ${entry.ext}: ${where} handler failed: ${message}`,
      error,
    });
  } catch {
    // The extension's api went stale (it was reloaded): nobody is left to tell.
  }
}
