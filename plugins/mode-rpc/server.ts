// The stdio transport of `pi --mode rpc`: JSONL commands on stdin, records on stdout, one client
// of the hub (hub.ts); the process serves until stdin closes. `pi serve` connects WebSocket
// clients to the same hub (plugins/serve).
import { exitOnSignals, guardStdout, jsonLine, readJsonl } from "../../lib/mode-kit/index.js";
import type { PluginApi } from "pi-kernel";
import type { Hub } from "./hub.js";

/** Set once stdin closed: stops writing, after the agent's shutdown (session_shutdown included). */
export interface StdioEnd {
  close?: () => Promise<void>;
}

export function serveStdio(api: PluginApi, hub: Hub, end: StdioEnd): Promise<number> {
  const out = guardStdout();
  const connection = hub.connect({ send: (record) => out.write(jsonLine(record)) });
  const unhook = exitOnSignals({ abort: () => api.actions.abort(), waitForIdle: () => api.actions.waitForIdle() });
  return new Promise((resolve) => {
    const stop = readJsonl(
      process.stdin,
      (line) => void connection.receive(line),
      async () => {
        stop();
        // stdin closed: let queued commands answer, stop the run, then exit.
        await hub.settled();
        api.actions.abort();
        await api.actions.waitForIdle();
        unhook();
        // stdout stays the client's until the agent has shut down: what extensions say in
        // session_shutdown (clearing widgets and statuses) is written, as pi does (index.ts closes).
        end.close = async () => {
          connection.close();
          end.close = undefined;
          await out.flush();
          out.restore();
        };
        await out.flush();
        resolve(0);
      },
    );
  });
}
