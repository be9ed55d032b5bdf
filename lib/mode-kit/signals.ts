// SIGTERM / SIGHUP in the headless modes: abort the run (tools kill their process groups on
// abort), give it a moment to settle, then exit with the conventional code (143 / 129).
export interface Abortable {
  abort(): void;
  waitForIdle(): Promise<void>;
}

export function exitOnSignals(agent: Abortable): () => void {
  const handlers: [NodeJS.Signals, () => void][] = [];
  for (const [signal, code] of [
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const) {
    const handler = () => {
      agent.abort();
      const done = () => process.exit(code);
      void Promise.race([agent.waitForIdle(), new Promise((r) => setTimeout(r, 2000).unref())]).then(done, done);
    };
    process.on(signal, handler);
    handlers.push([signal, handler]);
  }
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}
