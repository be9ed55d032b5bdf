// The provider requests' keep-alive agents: Node's own (the same options as its global agents),
// except that each socket reads into one buffer of its own, reused for every read (net.Socket's
// `onread`, which TLS sockets take too). By default a socket allocates a fresh 64 KiB Buffer per
// read and the garbage collector frees it later: a fast 54 MB stream was ~850 allocations and
// ~13,000 page faults of fresh memory, ~70 ms of CPU against ~15 ms for the same reads into one
// buffer. The body's reader (socket-body.ts) copies out what it keeps; any other read is handed
// on as a copy in a 'data' event, as the socket would have emitted it. A reader may also name
// where the next read lands (`region`): a body's reads then go straight into its batch buffer,
// with no copy of the payload at all (Node asks `onread.buffer`, a function here, before each read).
import type { Agent } from "node:http";
import type { Socket } from "node:net";

/** Where a socket's reads go while a body is read from it (socket-body.ts sets and clears it). */
export const READER = Symbol("pi-kernel.socketReader");

/** Takes a socket's read; `bytes` is valid only during the call (unless it is the reader's own region). */
export interface SocketReader {
  read(bytes: Buffer): void;
  /** Where the socket's next read should land (memory the reader owns); undefined: the socket's own buffer. */
  region(): Buffer | undefined;
}

type ReadingSocket = Socket & { [READER]?: SocketReader };

/** Bytes one read takes at most (what a socket allocates per read by default). */
const READ_BYTES = 64 * 1024;

const agents: { http?: Agent; https?: Agent } = {};

/** The agent for `protocol` ("http:" or "https:"), made on first use (or Node's global one, when replaced). */
export async function readingAgent(protocol: string): Promise<Agent> {
  const secure = protocol === "https:";
  // The module object, not its named exports: those are a snapshot of the module's first load.
  const { Agent: Base, globalAgent } = secure ? (await import("node:https")).default : (await import("node:http")).default;
  // A global agent someone replaced (a proxy agent, say) is theirs to keep: requests go through it.
  if (globalAgent.constructor !== Base) return globalAgent;
  const made = secure ? agents.https : agents.http;
  if (made) return made;
  // Node's global agents since 19: kept alive, most recently used socket first, idle 5 s.
  const agent = new Base({ keepAlive: true, scheduling: "lifo", timeout: 5000 });
  const connect = (agent as unknown as Connecting).createConnection;
  (agent as unknown as Connecting).createConnection = function (this: Agent, options, callback) {
    const own = Buffer.allocUnsafe(READ_BYTES);
    let socket: ReadingSocket | undefined;
    const next = () => socket?.[READER]?.region() ?? own;
    const read = (n: number, buffer: Buffer) => deliver(socket as ReadingSocket, buffer.subarray(0, n));
    socket = connect.call(this, { ...options, onread: { buffer: next, callback: read } }, callback);
    return socket as Socket;
  };
  if (secure) agents.https = agent;
  else agents.http = agent;
  return agent;
}

interface Connecting {
  createConnection(this: Agent, options: object, callback?: unknown): ReadingSocket | undefined;
}

function deliver(socket: ReadingSocket, bytes: Buffer): void {
  const reader = socket[READER];
  if (reader) reader.read(bytes);
  else socket.emit("data", Buffer.from(bytes));
}
