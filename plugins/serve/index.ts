// `pi serve` (plugins/serve): the session behind an HTTP endpoint, on loopback unless told
// otherwise. The "serve" service starts and stops the server and lets other plugins mount pages
// under the same token check (the web UI, `/ui web`); the "serve" surface is what `pi serve`
// runs (cli/serve-command.ts: `pi --mode rpc --serve`). The protocol is mode-rpc's "rpc" service.
import { type AgentEvent, definePlugin } from "pi-kernel";
import type { ServeService } from "../../contracts/serve.js";
import { createServe } from "./service.js";
import { runServe } from "./surface.js";

export default definePlugin({
  name: "serve",
  provides: ["serve"],
  uses: ["rpc", "sessions"],
  flags: {
    serve: { type: "boolean", description: "serve the session over HTTP and a WebSocket (what `pi serve` runs)" },
    host: { type: "string", description: "pi serve: the interface to listen on (default 127.0.0.1)" },
    port: { type: "number", description: "pi serve: the port (default 4180; 0 picks a free one)" },
    "token-file": { type: "string", description: "pi serve / pi attach: read the access token from this file" },
    "allow-remote": { type: "boolean", description: "pi serve: allow --host to be a non-loopback interface" },
  },
  setup(api) {
    // The server outlives reloads of this plugin: its clients stay connected.
    const serve = api.keep(
      "serve",
      (): ServeService =>
        createServe(
          () => api.current(),
          (line) => process.stderr.write(`${line}\n`),
        ),
    );
    const events = api.keep("events", () => new Set<(e: AgentEvent) => void>());
    api.services.provide("serve", serve);
    api.on("event", (e) => {
      for (const listener of events) listener(e);
    });
    api.on("shutdown", (reason) => (reason === "reload" || reason === "superseded" ? undefined : serve.stop()));
    api.register.surface({
      name: "serve",
      description: "the session over HTTP: pi's RPC protocol on a WebSocket at /rpc (pi serve)",
      claims: (flags) => flags.serve === true && flags.mode === "rpc",
      run: (ctx) => runServe(api, serve, ctx, events),
    });
  },
});
