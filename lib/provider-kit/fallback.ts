// Fallback chains (settings `fallbacks`: {"provider/id": ["provider/id", ...]}). When a model fails
// (before or while it streamed: a partial answer is dropped), with load shedding (429, 529/overloaded) or a server error after
// the retry budget, the same request goes to the next model of its chain through that model's
// provider plugin (looked up by api in the registry), announced as a warning and a
// `model_fallback` event. The chain travels in the stream options, so the next provider continues
// it instead of starting its own; a model that failed over stays skipped for the rest of the run
// (the requests that share its abort signal), so the turns after it do not wait on it again.
import type { AssistantMessageEvent, LlmContext, Model, PluginApi, StreamOptions } from "pi-kernel";
import { clampThinkingLevel } from "./thinking.js";

/** The options of a request that continues a chain: the models still to try after this one. */
export interface FallbackOptions extends StreamOptions {
  fallbackChain?: Model[];
}

const key = (m: Model) => `${m.provider}/${m.id}`;

export class Fallbacks {
  /** Models that failed over, per run: the loop gives every request of a run the same signal. */
  private readonly down = new WeakMap<AbortSignal, Set<string>>();
  private readonly warned = new Set<string>();

  constructor(private readonly api: PluginApi) {}

  /** The models to try after `model`: the rest of the chain this request continues, else its own. */
  rest(model: Model, options: FallbackOptions): Model[] {
    return options.fallbackChain ?? this.chainOf(model);
  }

  /** True when `model` failed over earlier in this run and has somewhere to go. */
  skips(model: Model, options: FallbackOptions): boolean {
    return options.signal !== undefined && this.down.get(options.signal)?.has(key(model)) === true && this.rest(model, options).length > 0;
  }

  /**
   * The request on the next model of the chain whose provider is loaded (undefined when none is
   * left). `quiet`: the model is being skipped again, already announced.
   */
  next(
    model: Model,
    context: LlmContext,
    options: FallbackOptions,
    reason: string,
    quiet = false,
  ): AsyncIterable<AssistantMessageEvent> | undefined {
    const rest = [...this.rest(model, options)];
    if (options.signal) this.down.set(options.signal, (this.down.get(options.signal) ?? new Set()).add(key(model)));
    const api = this.api;
    for (let next = rest.shift(); next; next = rest.shift()) {
      const provider = api.registry.get("provider", next.api);
      if (!provider) {
        this.warnOnce(`No provider plugin handles api "${next.api}": fallback ${key(next)} skipped`);
        continue;
      }
      const thinkingLevel = options.thinkingLevel && clampThinkingLevel(next, options.thinkingLevel);
      if (!quiet) this.announce(model, next, reason, thinkingLevel);
      // The failed model's key (given by the caller) is not the next provider's.
      const nextOptions: FallbackOptions = { ...options, apiKey: undefined, thinkingLevel, fallbackChain: rest };
      return provider.stream(next, context, nextOptions);
    }
    return undefined;
  }

  private announce(from: Model, to: Model, reason: string, thinkingLevel: StreamOptions["thinkingLevel"]): void {
    const api = this.api;
    api.diagnose({ level: "warning", where: key(from), message: `${key(from)} failed (${reason}); continuing on ${key(to)}` });
    api.actions.emit({ type: "model_fallback", from: key(from), to: key(to), reason, ...(thinkingLevel && { thinkingLevel }) });
  }

  /** settings `fallbacks` for this model (by `provider/id`, or the bare id), resolved to models. */
  private chainOf(model: Model): Model[] {
    const api = this.api;
    const table = api.settings.fallbacks;
    if (typeof table !== "object" || table === null || Array.isArray(table)) return [];
    const entry = (table as Record<string, unknown>)[key(model)] ?? (table as Record<string, unknown>)[model.id];
    const patterns = Array.isArray(entry) ? entry : typeof entry === "string" ? [entry] : [];
    const models = api.services.get("models");
    const seen = new Set([key(model)]);
    const chain: Model[] = [];
    for (const pattern of patterns) {
      const found = typeof pattern === "string" ? models?.resolve(pattern) : undefined;
      if (!found) {
        this.warnOnce(`settings "fallbacks" for ${key(model)}: no model matches ${JSON.stringify(pattern)}`);
        continue;
      }
      if (seen.has(key(found))) continue;
      seen.add(key(found));
      chain.push(found);
    }
    return chain;
  }

  private warnOnce(message: string): void {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    this.api.diagnose({ level: "warning", where: "fallbacks", message });
  }
}
