// ACP mode (`pi --mode acp`): the Agent Client Protocol on stdin/stdout, so editors (Zed,
// JetBrains, Neovim) and harnesses (Harbor) drive pi-kernel as their agent. The surface loads the
// SDK and the server only when the mode runs. In ACP mode the plugin also provides "file-system"
// (the file tools read and write through the client's fs when it offers it) and "ui" (what
// commands tell the user appears in the conversation), runs bash in a client terminal when one is
// offered, asks the permission policy's questions with session/request_permission, and turns the
// agent's events into session updates.
import { definePlugin, Stage } from "pi-kernel";
import { passesProviderKeys } from "../../lib/tool-kit/index.js";
import { clientFileSystem } from "./client-fs.js";
import { forwardJobEvent } from "./jobs.js";
import { AcpState } from "./state.js";
import { terminalBash } from "./terminal.js";
import { acpUi } from "./ui.js";

export default definePlugin({
  name: "mode-acp",
  uses: ["commands", "compaction", "file-system", "mcp", "models", "permissions", "sessions", "shellJobs", "shellSandbox", "ui"],
  // The bash tool it wraps, and the permission gate it asks after, are set up first.
  after: ["tools-core", "permissions"],
  setup(api) {
    const state = api.keep("state", () => new AcpState());
    // In ACP mode the server (and the SDK's schemas) load while the other plugins set up.
    const server = api.flags.mode === "acp" ? import("./server.js") : undefined;
    server?.catch(() => {}); // a failed import is reported when the surface runs
    api.register.surface({
      name: "acp",
      description: "the Agent Client Protocol on stdin/stdout (editors, harnesses)",
      run: async () => (await (server ?? import("./server.js"))).serve(api, state),
    });
    if (api.flags.mode !== "acp") return;
    const bridge = () => state.bridge;
    api.services.provide("file-system", clientFileSystem(state));
    api.services.provide("ui", acpUi(state, bridge));
    const sandboxed = () => api.services.get("shellSandbox")?.active() === true;
    const keys = () => (passesProviderKeys(api.settings) ? [] : (api.services.get("models")?.keyVariables() ?? []));
    // The bash tool it wraps is only in the registry once the load that set it up has committed
    // (plugins set up into a staged snapshot), so it is wrapped at boot, once per version of it.
    api.on("boot", () => {
      if (api.registry.owner("tool", "bash") === api.name) return;
      const bash = api.registry.get("tool", "bash");
      if (bash) api.register.tool(terminalBash(bash, state, bridge, { sandboxed, keyVariables: keys }));
    });
    api.on("event", (event) => {
      state.bridge?.event(event);
      forwardJobEvent(state, event);
    });
    // After the other gates (permissions): the call runs now, so it is in progress.
    api.on("toolCall", (event) => state.bridge?.beforeRun(event), { stage: Stage.LATE });
    api.on("diagnostic", (d) => {
      if (d.level !== "info" || api.flags.verbose) process.stderr.write(`pi: ${d.level}: ${d.message}\n`);
    });
  },
});
