// `pi serve [pi flags...] [message]`: the agent (a new session, or -c / --session to resume one)
// served over HTTP on loopback: pi's RPC protocol on a WebSocket at /rpc, JSON under /api, and the
// pages other plugins mount (the web UI). It is RPC mode with another transport, so it runs as
// `pi --mode rpc --serve`: the serve plugin (plugins/serve) claims the run and owns its flags.
const USAGE = `Usage: pi serve [--host H] [--port N] [--token-file F] [--allow-remote] [pi flags...] [message]

Serves this session over HTTP (default http://127.0.0.1:4180): pi's RPC protocol on a WebSocket
at /rpc, JSON at /api/state and /api/sessions, and the web UI when it is installed.
Every request needs the access token printed at start (or the one in --token-file).
  --host H          interface to listen on (default 127.0.0.1); another needs --allow-remote
  --port N          port (default 4180; 0 picks a free one)
  --token-file F    read the token from F (first line) instead of generating one
  -c, --session     resume a session, as pi does; model flags work too
Clients: pi attach URL, a browser at the printed URL, or any RPC client.
Stops on Ctrl+C / SIGTERM after the current step, with the session saved.
See docs/usage/serve-and-web.md.
`;

type Main = (argv: string[]) => Promise<number>;

export async function serveCommand(argv: string[], main: Main): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (argv.some((a) => a === "--mode" || a.startsWith("--mode=") || a === "-p" || a === "--print")) {
    process.stderr.write("pi serve: serves RPC over HTTP; --mode and --print do not apply\n");
    return 2;
  }
  return main(["--mode", "rpc", "--serve", ...argv]);
}
