// pi-compat: runs pi extensions (modules default-exporting `(pi) => void`) unchanged. The kernel's
// loader turns such a module into a plugin that asks this plugin's "plugin-adapter" service to set
// it up; here pi's ExtensionAPI is built over that extension's own api, and pi's events are mapped
// onto kernel hooks (see events.ts). Handler failures carry the extension's name and never stop
// the agent. What extensions import as pi's packages is served from modules/ (package.json's
// importAliases).
import { definePlugin } from "pi-kernel";
import { connectSessions } from "./context.js";
import { DEFAULT_HANDLER_TIMEOUT_MS } from "./handlers.js";
import { mapEvents } from "./events.js";
import { createPiApi } from "./pi-api.js";
import { Runtime } from "./runtime.js";
import { linkRuntime } from "./modules/runtime-link.js";
import { extensionSourceInfo } from "./source-info.js";
import { checkNodeEngines, checkPackageOf } from "./node-engines.js";
import { mapUserBash } from "./user-bash.js";
import { streamVirtual, VIRTUAL_MODEL_API } from "./virtual-models.js";

export default definePlugin({
  name: "pi-compat",
  uses: [
    "commands",
    "compaction",
    "file-mutations",
    "mcp",
    "models",
    "package-resources",
    "prompt-files",
    "prompts",
    "sessions",
    "skills",
    "themes",
    "ui",
    "userBash",
  ],
  provides: ["plugin-adapter"],
  // Compaction strategies first, so session_before_compact can wrap them.
  after: [
    "commands-core",
    "models",
    "user-bash",
    "session-jsonl",
    "themes",
    "skills",
    "prompts",
    "compaction-summarize",
    "compaction-prune",
    // Extensions set up after this plugin read their packages' source info at setup.
    "package-resources",
  ],
  setup(api) {
    const configured = Number((api.settings as { extensionHandlerTimeoutMs?: unknown }).extensionHandlerTimeoutMs);
    const rt = new Runtime(api, configured > 0 ? configured : DEFAULT_HANDLER_TIMEOUT_MS);
    mapEvents(rt, api);
    connectSessions(rt, api);
    mapUserBash(rt, api);
    checkNodeEngines(api);
    api.onDispose(() => rt.bus.clear());
    // Virtual models (pi's registerVirtualModel) are requested through their route (virtual-models.ts).
    api.register.provider({ api: VIRTUAL_MODEL_API, stream: (model, context, options) => streamVirtual(rt, model, context, options) });
    // pi-ai's complete()/getModel() in extensions reach this agent through the link (modules/runtime-link.ts).
    api.onDispose(linkRuntime(api));
    // The kernel hands every module whose default export is a bare factory (a pi extension) here.
    api.services.provide("plugin-adapter", {
      // An extension's stray errors (timers, rejections) are reported by the composition root's
      // crash guard, which knows extensions by their files (compose/crash-guard.ts).
      async adapt(factory, extApi, source) {
        // Before the factory runs: an extension that needs a newer Node often fails in it.
        checkPackageOf(api, source.file);
        const origins = api.services.get("package-resources")?.origins;
        await (factory as (pi: unknown) => unknown)(createPiApi(rt, extApi, extApi.name, extensionSourceInfo(source, extApi, origins)));
      },
    });
  },
});
