// RPC mode (`pi --mode rpc`): pi's protocol over strict JSONL on stdin/stdout. Commands come in
// with an optional id and get one response each; events stream out without ids; the "ui" service
// becomes pi's extension UI sub-protocol. The process serves until stdin closes.
import { toPiEvent } from "../../lib/mode-kit/index.js";
import { definePlugin, isEvent } from "pi-kernel";
import { Stages } from "../../contracts/stages.js";
import { serve, type Channel } from "./server.js";
import { rpcUi } from "./ui.js";

// Module state outlives plugin reloads (the module is re-imported only when it changes), so the
// loop started by the first setup keeps serving through the taps a later setup (/reload) makes.
const channel: Channel = { send: undefined, backlog: [], queue: { steering: [], followUp: [] } };
const ui = rpcUi(channel);

export default definePlugin({
  name: "mode-rpc",
  uses: ["commands", "compaction", "mcp", "models", "sessions", "settings", "ui"],
  setup(api) {
    api.register.surface({ name: "rpc", description: "pi's JSONL RPC protocol on stdin/stdout", run: () => serve(api, channel) });
    if (api.flags.mode !== "rpc") return;
    api.services.provide("ui", ui);
    api.on("event", (event) => {
      if (isEvent(event, "queue_update")) Object.assign(channel.queue, { steering: event.steering, followUp: event.followUp });
      const piEvent = channel.send ? toPiEvent(event) : undefined;
      if (piEvent) channel.send!(piEvent);
    });
    // After every other shutdown tap (pi-compat's session_shutdown runs at NORMAL); a reload is no end.
    api.on("shutdown", async (reason) => (reason === "reload" ? undefined : channel.close?.()), { stage: Stages.LATE });
    api.on("diagnostic", (d) => {
      if (!channel.send) process.stderr.write(`pi: ${d.level}: ${d.message}\n`);
      else if (d.level === "error" && d.plugin)
        channel.send({ type: "extension_error", extensionPath: d.plugin, event: d.where ?? "", error: d.message });
    });
  },
});
