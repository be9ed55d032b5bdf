// Language servers for the model. After every tool call that changes files (effect "edit": write,
// edit, hashline_edit, any plugin's), the result gains the new errors of each touched file from its
// language server, so a type error is fixed in the same turn (after-edit.ts). The `lsp` tool
// (definition, references, hover, symbols) and `lsp_rename` are registered once a server runs, and
// wait behind tool_search unless `lsp.deferTools` is false. Servers start lazily per language and workspace root and stop with the
// agent (pool.ts); they live in api.keep, so a reload keeps them. `/lsp` shows them.
// Built-in servers: typescript-language-server (TS/JS) and pyright-langserver (Python); settings
// `lsp.servers` changes or adds others (settings.ts).
// Setup registers from this file and settings.ts; the pool, its clients, the after-edit check and
// the tools (work.ts) load the first time a tool result touches a file some server serves, once per
// process (docs/plugins/writing-a-plugin.md, "Register small, import late").
import { definePlugin, Stage, type ToolResultEvent } from "pi-kernel";
import type { FileMutationsService } from "../../contracts/file-mutations.js";
import { canonicalPath, createFileMutationQueue, deferTool } from "../../lib/tool-kit/index.js";
import { isTrusted } from "../../lib/packages/index.js";
import { lspCommand } from "./command.js";
import type { ServerPool } from "./pool.js";
import { LspSettings, lspOptions, serverFor } from "./settings.js";
import { touchedFiles } from "./touched-files.js";

type Work = typeof import("./work.js");
/** work.ts once loaded: a reload's setup wires a kept pool up at once, as before. */
let work: Work | undefined;
const loadWork = async (): Promise<Work> => (work ??= await import("./work.js"));

export default definePlugin({
  name: "lsp",
  uses: ["file-mutations", "file-system"],
  after: ["deferred-tools"],
  settings: LspSettings,
  setup(api) {
    const options = () => lspOptions(api.settings);
    // The pool is made on first use and kept across reloads (with its servers) in this holder.
    const held = api.keep("pool", () => ({ pool: undefined as ServerPool | undefined }));
    const files = () => api.services.get("file-system");
    const own = api.keep("file-mutations", createFileMutationQueue);
    const mutations = (): FileMutationsService => api.services.get("file-mutations") ?? own;

    const o = options();
    // The tools appear once a server runs for this project: a session with no code a server
    // serves keeps the default tool set and prompt (no tool_search for two tools it cannot use).
    let registered = false;
    const registerTools = (w: Work, pool: ServerPool) => {
      if (registered) return;
      registered = true;
      const tools = [w.lspTool(api, pool, files), w.renameTool(api, pool, files, mutations)];
      for (const tool of tools) api.register.tool(o.deferTools ? deferTool(tool as never) : tool);
    };
    const wire = (w: Work): ServerPool => {
      const pool = (held.pool ??= new w.ServerPool(canonicalPath(api.cwd, "."), () => options().servers));
      pool.configs = () => options().servers;
      pool.trusted = () => isTrusted(api.agentDir, api.cwd);
      pool.report = (level, message) => {
        try {
          api.diagnose({ level, code: "lsp", where: "lsp", message });
        } catch {
          // the plugin left the agent: nobody to tell
        }
      };
      pool.onRunning = () => registerTools(w, pool);
      if ([...pool.entries.values()].some((e) => e.state === "running")) registerTools(w, pool);
      return pool;
    };
    // A reload keeps the pool: wire it to this setup now, as before.
    if (held.pool && work) wire(work);
    let after: ((event: ToolResultEvent) => Promise<ToolResultEvent>) | undefined;
    api.register.command(lspCommand(() => held.pool, options));
    // Late, so the report lands on the result every other plugin has shaped; bounded by the wait.
    api.on(
      "toolResult",
      async (event) => {
        if (!after) {
          // A result no server serves loads nothing.
          const now = options();
          const touched = touchedFiles(api, event, now);
          if (!touched) return event;
          if (!held.pool && !touched.paths.some((path) => serverFor(now.servers, path))) return event;
          const w = await loadWork();
          after ??= w.afterToolResult(api, held.pool ?? wire(w), options, files);
        }
        return after(event);
      },
      { stage: Stage.LATE, timeoutMs: Math.max(30_000, o.waitMs + 5000) },
    );
    api.on("shutdown", async (reason) => {
      if (reason !== "reload") await held.pool?.stopAll();
    });
  },
});
