// Claude Code plugins installed as packages (`pi install`, settings `packages`, pi-packages.json):
// lib/packages reads their `.claude-plugin/plugin.json`, gives their commands to the prompts plugin
// and their skills to the skills plugin like any package's, and hands the rest over through the
// "package-resources" service. This plugin places that rest: agents with the subagents plugin, hooks
// with the hooks plugin (${CLAUDE_PLUGIN_ROOT} set), MCP servers with the mcp plugin (the same
// variable expanded in their config), each through that plugin's service. A plugin the person
// installed counts as their own configuration (its hooks run as the user's settings' do); one a
// project's settings list is composed only in a trusted project. An edited hooks or MCP file is
// read again; a broken one is reported and leaves the rest of the plugin working.
import { definePlugin, type PluginApi } from "pi-kernel";
import type { ClaudeConfigRef, ClaudePluginParts } from "../../contracts/package-resources.js";
import { watchPaths } from "../../lib/resource-kit/index.js";
import { configValue, hooksOf, mcpConfigOf } from "./configs.js";

export default definePlugin({
  name: "claude-plugins",
  uses: ["package-resources", "subagents", "hooks", "mcp"],
  // The composition root's service is provided by an in-process plugin, set up after the discovered ones.
  after: ["package-resources", "subagents", "hooks", "mcp"],
  setup(api) {
    const plugins = api.services.get("package-resources")?.claudePlugins ?? [];
    if (!plugins.length) return;
    for (const plugin of plugins) place(api, plugin);
    const files = plugins.flatMap((p) => [...p.hooks, ...p.mcpServers].filter((r) => r.value === undefined).map((r) => r.file));
    if (!files.length || api.flags.mode === "print" || api.flags.mode === "json") return;
    const watcher = watchPaths(
      [...new Set(files)],
      (changed) => {
        for (const p of plugins) if ([...p.hooks, ...p.mcpServers].some((r) => changed.includes(r.file))) configs(api, p);
      },
      { onError: (message) => api.diagnose({ level: "warning", where: "claude-plugins", message }) },
    );
    api.onDispose(() => void watcher.close());
  },
});

function place(api: PluginApi, p: ClaudePluginParts): void {
  const subagents = api.services.get("subagents");
  if (subagents && p.agents.length) api.onDispose(subagents.addPaths(p.agents, owner(p, "agents")));
  configs(api, p);
}

/**
 * Hooks and MCP servers, (re)read: adding under the same owner replaces what was added before, and a
 * file that no longer parses keeps what it gave last (the problem is reported).
 */
function configs(api: PluginApi, p: ClaudePluginParts): void {
  const read = (ref: ClaudeConfigRef) => {
    try {
      return configValue(ref);
    } catch (error) {
      const message = `Claude Code plugin ${p.name}: ${(error as Error).message}`;
      api.diagnose({ level: "warning", code: "claude-plugin", where: ref.file, message });
      return undefined;
    }
  };
  const hooks = api.services.get("hooks");
  if (hooks)
    p.hooks.forEach((ref, i) => {
      const value = read(ref);
      if (value !== undefined) api.onDispose(hooks.add(owner(p, `hooks:${i}`), hooksOf(value), { source: ref.file, pluginRoot: p.root }));
    });
  const mcp = api.services.get("mcp");
  if (!mcp || !p.mcpServers.length) return;
  const values = p.mcpServers.map((ref) => ({ file: ref.file, value: read(ref) }));
  if (values.some((v) => v.value === undefined)) return;
  const list = values.map((v) => ({ file: v.file, config: mcpConfigOf(v.value) }));
  const scope = p.scope === "project" ? "project" : "global";
  api.onDispose(mcp.addServers(owner(p, "mcp"), list, { scope, env: { CLAUDE_PLUGIN_ROOT: p.root } }));
}

const owner = (p: ClaudePluginParts, part: string) => `claude-plugin:${p.root}:${part}`;
