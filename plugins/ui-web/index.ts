// The web UI: a single page served at "/" by the serve plugin (`pi serve`, or `/ui web` from a
// terminal session), speaking the RPC protocol of `--mode rpc` over the WebSocket at /rpc. It is
// a UI surface like the two terminal frames: transcript, tool rows with diffs, the editor with
// slash-command completion, model and thinking pickers, the agent's dialogs, /rewind, sessions.
// The page is built ahead (build-page.mjs → dist/web); this plugin only serves it and offers
// `/ui web` ("ui-beside:web"). Nothing is read from disk until the page is first requested.
import { definePlugin } from "pi-kernel";
import { pageHandler } from "./page-handler.js";

export default definePlugin({
  name: "ui-web",
  requires: ["serve"],
  provides: ["ui-beside:web"],
  setup(api) {
    api.onDispose(api.services.use("serve").mount("/", pageHandler()));
    // `/ui web`: serve this session (a no-op when it is served already) and say where.
    api.services.provide("ui-beside:web", async () => {
      const { url, token } = await api.services.use("serve").start();
      return `Web UI: ${url}/?token=${encodeURIComponent(token)} (this terminal keeps working beside it)`;
    });
  },
});
