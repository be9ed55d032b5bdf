// RPC mode (`pi --mode rpc`): pi's protocol over strict JSONL on stdin/stdout. Commands come in
// with an optional id and get one response each; events stream out without ids; the "ui" service
// becomes pi's extension UI sub-protocol. The protocol itself is the "rpc" service (hub.ts), which
// other transports use too: `pi serve` (plugins/serve) connects its WebSocket clients to it.
import { toPiEvent } from "../../lib/mode-kit/index.js";
import { definePlugin, isEvent } from "pi-kernel";
import { Stages } from "../../contracts/stages.js";
import { createHub } from "./hub.js";
import { serveStdio, type StdioEnd } from "./server.js";

export default definePlugin({
  name: "mode-rpc",
  provides: ["rpc"],
  uses: ["commands", "compaction", "mcp", "models", "sessions", "settings", "ui", "userBash", "shellJobs"],
  setup(api) {
    // The hub outlives reloads: the transports connected to it keep serving through the taps a
    // later setup (/reload) makes.
    const hub = api.keep("hub", () => createHub(api));
    const end = api.keep("stdio", (): StdioEnd => ({}));
    api.services.provide("rpc", hub);
    api.register.surface({ name: "rpc", description: "pi's JSONL RPC protocol on stdin/stdout", run: () => serveStdio(api, hub, end) });
    api.on("event", (event) => {
      if (isEvent(event, "queue_update")) Object.assign(hub.queue, { steering: event.steering, followUp: event.followUp });
      const piEvent = hub.clients() > 0 ? toPiEvent(event) : undefined;
      if (piEvent) hub.broadcast(piEvent);
    });
    // Other modes have their own UI (the terminal's): the hub's clients then watch and command.
    if (api.flags.mode !== "rpc") return;
    api.services.provide("ui", hub.ui);
    // After every other shutdown tap (pi-compat's session_shutdown runs at NORMAL); a reload is no end.
    api.on("shutdown", async (reason) => (reason === "reload" ? undefined : end.close?.()), { stage: Stages.LATE });
    api.on("diagnostic", (d) => {
      // Info (an extension replacing a built-in tool, say) only with --verbose: pi prints nothing.
      if (hub.clients() === 0) {
        if (d.level !== "info" || api.flags.verbose) process.stderr.write(`pi: ${d.level}: ${d.message}\n`);
      } else if (d.level === "error" && d.plugin)
        hub.broadcast({ type: "extension_error", extensionPath: d.plugin, event: d.where ?? "", error: d.message });
    });
  },
});
