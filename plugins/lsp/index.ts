// Language servers for the model. After every tool call that changes files (effect "edit": write,
// edit, hashline_edit, any plugin's), the result gains the new errors of each touched file from its
// language server, so a type error is fixed in the same turn (after-edit.ts). The `lsp` tool
// (definition, references, hover, symbols) and `lsp_rename` are registered once a server runs, and
// wait behind tool_search unless `lsp.deferTools` is false. Servers start lazily per language and workspace root and stop with the
// agent (pool.ts); they live in api.keep, so a reload keeps them. `/lsp` shows them.
// Built-in servers: typescript-language-server (TS/JS) and pyright-langserver (Python); settings
// `lsp.servers` changes or adds others (settings.ts).
import { definePlugin, Stage } from "pi-kernel";
import type { FileMutationsService } from "../../contracts/file-mutations.js";
import { canonicalPath, createFileMutationQueue, deferTool } from "../../lib/tool-kit/index.js";
import { isTrusted } from "../../lib/packages/index.js";
import { afterToolResult } from "./after-edit.js";
import { lspCommand } from "./command.js";
import { lspTool } from "./lsp-tool.js";
import { ServerPool } from "./pool.js";
import { renameTool } from "./rename-tool.js";
import { LspSettings, lspOptions } from "./settings.js";

export default definePlugin({
  name: "lsp",
  uses: ["file-mutations", "file-system"],
  after: ["deferred-tools"],
  settings: LspSettings,
  setup(api) {
    const options = () => lspOptions(api.settings);
    const pool = api.keep("pool", () => new ServerPool(canonicalPath(api.cwd, "."), () => options().servers));
    pool.configs = () => options().servers;
    pool.trusted = () => isTrusted(api.agentDir, api.cwd);
    pool.report = (level, message) => {
      try {
        api.diagnose({ level, code: "lsp", where: "lsp", message });
      } catch {
        // the plugin left the agent: nobody to tell
      }
    };
    const files = () => api.services.get("file-system");
    const own = api.keep("file-mutations", createFileMutationQueue);
    const mutations = (): FileMutationsService => api.services.get("file-mutations") ?? own;

    const o = options();
    // The tools appear once a server runs for this project: a session with no code a server
    // serves keeps the default tool set and prompt (no tool_search for two tools it cannot use).
    let registered = false;
    const registerTools = () => {
      if (registered) return;
      registered = true;
      const tools = [lspTool(api, pool, files), renameTool(api, pool, files, mutations)];
      for (const tool of tools) api.register.tool(o.deferTools ? deferTool(tool as never) : tool);
    };
    pool.onRunning = registerTools;
    if ([...pool.entries.values()].some((e) => e.state === "running")) registerTools();
    api.register.command(lspCommand(pool, options));
    // Late, so the report lands on the result every other plugin has shaped; bounded by the wait.
    api.on("toolResult", afterToolResult(api, pool, options, files), { stage: Stage.LATE, timeoutMs: Math.max(30_000, o.waitMs + 5000) });
    api.on("shutdown", async (reason) => {
      if (reason !== "reload") await pool.stopAll();
    });
  },
});
