// `pi serve`'s surface: start the server, say where it is, send the command line's messages, and
// serve until SIGTERM / SIGINT / SIGHUP. Clients come and go meanwhile; the agent runs on. A
// signal stops the agent after its current step (the model's answer and its tool calls), so the
// session is saved at a clean point; a second signal aborts at once.
import type { AgentEvent, PluginApi } from "pi-kernel";
import type { ServeService, SurfaceContext } from "../../contracts/index.js";

export const DEFAULT_PORT = 4180;

export async function runServe(api: PluginApi, serve: ServeService, ctx: SurfaceContext, events: Set<(e: AgentEvent) => void>) {
  let address: Awaited<ReturnType<ServeService["start"]>>;
  const tokenFile = typeof api.flags.tokenFile === "string" ? api.flags.tokenFile : undefined;
  const port = api.flags.port === undefined ? DEFAULT_PORT : Number(api.flags.port);
  try {
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port ${String(api.flags.port)}: expected 0-65535`);
    address = await serve.start({ host: str(api.flags.host), port, tokenFile, allowRemote: api.flags.allowRemote === true });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    const why = e.code === "EADDRINUSE" ? `port ${port} is in use (pick another with --port, or --port 0 for any free one)` : e.message;
    process.stderr.write(`pi serve: ${why}\n`);
    return 1;
  }
  const stopped = untilSignal(api, events);
  const open = `${address.url}/?token=${encodeURIComponent(address.token)}`;
  process.stdout.write(
    [
      `pi serve: session ${api.agent.sessionId} at ${address.url}`,
      tokenFile ? `  token:   from ${tokenFile}` : `  token:   ${address.token}`,
      `  browser: ${tokenFile ? `${address.url}/?token=…` : open}`,
      `  attach:  pi attach ${tokenFile ? `--token-file ${tokenFile} ${address.url}` : open}`,
      "  stop:    Ctrl+C or SIGTERM (after the current step; the session is saved)",
      "",
    ].join("\n"),
  );
  void (async () => {
    for (const [i, message] of ctx.messages.entries()) {
      await api.actions
        .prompt(message, { source: "rpc", images: i === 0 ? ctx.images : undefined })
        .catch((error: Error) => process.stderr.write(`pi serve: ${error.message}\n`));
    }
  })();
  await stopped;
  await serve.stop();
  return 0;
}

/** Resolves once a signal came and the agent is idle. */
function untilSignal(api: PluginApi, events: Set<(e: AgentEvent) => void>): Promise<void> {
  return new Promise((resolve) => {
    let signalled = false;
    const signals = ["SIGTERM", "SIGINT", "SIGHUP"] as const;
    const finish = async () => {
      events.delete(onEvent);
      api.actions.abort();
      await api.actions.waitForIdle();
      for (const s of signals) process.off(s, onSignal);
      resolve();
    };
    // The step ends when its tool results are in (turn_end): the next model request is not made.
    const onEvent = (e: AgentEvent) => {
      if (e.type === "turn_end" || e.type === "agent_end") void finish();
    };
    const onSignal = () => {
      if (signalled || !api.agent.isStreaming) return void finish();
      signalled = true;
      process.stderr.write("pi serve: stopping after the current step (signal again to stop now)\n");
      events.add(onEvent);
    };
    for (const s of signals) process.on(s, onSignal);
  });
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value ? value : undefined;
}
