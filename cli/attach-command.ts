// `pi attach [URL]`: a UI on an agent that `pi serve` runs (possibly on another machine): the
// interactive UI drives the remote session through the RPC protocol on the server's WebSocket;
// no agent runs here. `pi attach --stdio [URL]` is the bare transport instead: JSONL commands on
// stdin, records on stdout, as `pi --mode rpc` speaks them, so any RPC client (pi's RpcClient,
// an editor plugin) can drive a served session by spawning it.
import { WebSocket } from "ws";
import { readJsonl } from "../lib/mode-kit/index.js";
import { type AttachTarget, attachTarget } from "./attach-target.js";

const USAGE = `Usage: pi attach [URL] [--token-file F] [--ui inline|fullscreen]
       pi attach --stdio [URL] [--token-file F]

Opens the interactive UI on a session served by \`pi serve\` (default ${"http://127.0.0.1:4180"}).
URL is what pi serve prints (http://host:port/?token=...); the token may instead come from
--token-file or the PI_SERVE_TOKEN environment variable.
  --stdio   bridge stdin/stdout to the server's RPC WebSocket (for RPC clients)
See docs/usage/serve-and-web.md.
`;

export async function attachCommand(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(USAGE);
    return 0;
  }
  let target: AttachTarget;
  let opts: AttachArgs;
  try {
    opts = parseAttachArgs(argv);
    target = attachTarget(opts.url, opts.tokenFile, process.env);
  } catch (error) {
    process.stderr.write(`pi attach: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (opts.stdio) return bridgeStdio(target);
  const { attachUi } = await import("./attach-ui.js");
  return attachUi(target, { ui: opts.ui });
}

interface AttachArgs {
  url?: string;
  tokenFile?: string;
  stdio: boolean;
  ui?: string;
}

function parseAttachArgs(argv: string[]): AttachArgs {
  const args: AttachArgs = { stdio: false };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].startsWith("--") ? argv[i].split(/=(.*)/s, 2) : [argv[i]];
    const value = () => inline ?? argv[++i] ?? missing(name);
    if (name === "--stdio") args.stdio = true;
    else if (name === "--token-file") args.tokenFile = value();
    else if (name === "--ui") args.ui = value();
    else if (name.startsWith("-")) throw new Error(`unknown option ${name}`);
    else if (args.url === undefined) args.url = name;
    else throw new Error(`one URL only (got ${args.url} and ${name})`);
  }
  return args;
}

function missing(name: string): never {
  throw new Error(`${name} needs a value`);
}

/** Opens the WebSocket; rejects with a readable reason (401: the token; ECONNREFUSED: nobody serves there). */
export function connect(target: AttachTarget): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(target.rpcUrl, { headers: target.token ? { Authorization: `Bearer ${target.token}` } : {} });
    ws.once("open", () => resolve(ws));
    ws.once("unexpected-response", (_req, res) => {
      reject(
        new Error(
          res.statusCode === 401
            ? "the server refused the token (401): check the URL's ?token= or --token-file"
            : `${res.statusCode} from ${target.rpcUrl}`,
        ),
      );
      ws.terminate();
    });
    ws.once("error", (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === "ECONNREFUSED" ? `nothing serves at ${target.rpcUrl} (is pi serve running?)` : error.message)),
    );
  });
}

/** stdin lines → WebSocket messages, messages → stdout lines; ends with either side. */
async function bridgeStdio(target: AttachTarget): Promise<number> {
  let ws: WebSocket;
  try {
    ws = await connect(target);
  } catch (error) {
    process.stderr.write(`pi attach: ${(error as Error).message}\n`);
    return 1;
  }
  return new Promise((resolve) => {
    ws.on("message", (data) => process.stdout.write(`${String(data)}\n`));
    const stop = readJsonl(
      process.stdin,
      (line) => line.trim() && ws.send(line),
      () => ws.close(1000),
    );
    ws.on("close", (code, reason) => {
      stop();
      if (code !== 1000 && code !== 1005) process.stderr.write(`pi attach: the server closed the connection (${code} ${String(reason)})\n`);
      resolve(code === 1000 || code === 1005 || code === 1001 ? 0 : 1);
    });
  });
}
