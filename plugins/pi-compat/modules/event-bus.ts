// pi's shared event bus (`pi.events`): extensions talk to each other by channel name. A
// listener that throws is reported through `onError` and never reaches the emitter.
export interface EventBus {
  on(channel: string, handler: (data: unknown) => void): () => void;
  emit(channel: string, data?: unknown): void;
}
export interface EventBusController extends EventBus {
  clear(): void;
}

export function createEventBus(onError: (channel: string, error: unknown) => void = () => undefined): EventBusController {
  const listeners = new Map<string, Set<(data: unknown) => void>>();
  return {
    on(channel, handler) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(handler);
      return () => void set.delete(handler);
    },
    emit(channel, data) {
      for (const handler of [...(listeners.get(channel) ?? [])]) {
        try {
          const result = handler(data) as unknown;
          if (result instanceof Promise) result.catch((error: unknown) => onError(channel, error));
        } catch (error) {
          onError(channel, error);
        }
      }
    },
    clear: () => listeners.clear(),
  };
}
