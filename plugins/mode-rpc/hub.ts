// The RPC endpoint of the process (the "rpc" service): clients connect through any transport
// (stdin/stdout, pi serve's WebSockets). Each client's commands are answered to it alone; events,
// notifications and dialogs go to all. Kept with api.keep, so it outlives plugin reloads.
import type { PluginApi } from "pi-kernel";
import type { RpcPeer, RpcService } from "../../contracts/rpc.js";
import { handleLine, respond } from "./dispatch.js";
import type { Queue, RpcCommand, RpcContext } from "./handler.js";
import { type RpcUi, rpcUi } from "./ui.js";

export interface Hub extends RpcService {
  /** To every client (but `except`); before the first client connects, the UI's records wait. */
  broadcast(record: Record<string, unknown>, except?: unknown): void;
  readonly ui: RpcUi;
  /** What is queued, kept from queue_update events (clear_queue answers with it). */
  readonly queue: Queue;
}

export function createHub(api: PluginApi): Hub {
  const peers = new Set<RpcPeer>();
  // A plugin may ask the user before any client is there (at boot): the first client gets it.
  let backlog: Record<string, unknown>[] | undefined = [];
  const background = new Set<Promise<unknown>>();
  const queue: Queue = { steering: [], followUp: [] };
  const ui = rpcUi({
    broadcast: (record, except) => (backlog ? backlog.push(record) : hub.broadcast(record, except)),
  });
  const context = (send: RpcContext["send"], peer?: RpcPeer): RpcContext => ({
    api,
    send,
    background,
    queue,
    answerUi: (id, response) => ui.answer(id, response, peer),
  });
  const hub: Hub = {
    ui,
    queue,
    broadcast(record, except) {
      for (const peer of peers) if (peer !== except) peer.send(record);
    },
    connect(peer) {
      peers.add(peer);
      const first = backlog ?? [];
      backlog = undefined;
      const told = new Set(first.map((r) => r.id));
      for (const record of [...first, ...ui.open().filter((r) => !told.has(r.id))]) peer.send(record);
      const ctx = context((record) => peers.has(peer) && peer.send(record), peer);
      return { receive: (line) => handleLine(ctx, line), close: () => void peers.delete(peer) };
    },
    clients: () => peers.size,
    // Once a client has connected (the backlog is gone), a terminal UI shares its dialogs with them.
    sharedDialogs: () => (backlog ? undefined : ui),
    call: (command) =>
      new Promise((resolve) => {
        // A prompt answers through send (after its preflight); every other command returns its response.
        const ctx = context((record) => record.type === "response" && resolve(record));
        void respond(ctx, command as RpcCommand).then((response) => response && resolve(response));
      }),
    settled: async () => void (await Promise.allSettled([...background])),
  };
  return hub;
}
