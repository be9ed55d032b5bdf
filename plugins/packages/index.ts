// Packages inside a running agent: `/packages` lists what the global and project settings
// install, and in a UI (interactive or RPC) a project that carries code or request redirects
// (.pi/extensions, settings packages, MCP servers, hooks, .pi/agents, a baseUrl) is offered for
// trust; once trusted, the agent
// reloads and the project's extensions and packages join it. The CLI side (pi install/remove/
// update/list) lives in cli/, composing the agent in compose/, the toolkit in lib/packages.
import { join } from "node:path";
import { definePlugin, type PluginApi } from "pi-kernel";
import {
  installedDir,
  isInstalled,
  isTrusted,
  parseSource,
  readPackages,
  sourceOf,
  trustDirectory,
  untrustedContent,
} from "../../lib/packages/index.js";

const UI_WAIT_MS = 60_000;

export default definePlugin({
  name: "packages",
  uses: ["ui"],
  setup(api) {
    api.register.command({
      name: "packages",
      description: "List the pi packages of the global and project settings",
      source: "builtin",
      handler: () => listing(api),
    });
    // The question outlives no setup: a reload or shutdown before the UI appears (a print run, a
    // test's kernel) ends the wait instead of touching this api after its plugin was disposed.
    let disposed = false;
    api.onDispose(() => {
      disposed = true;
    });
    api.on("boot", (b) => {
      if (b.reason !== "startup") return;
      const found = untrustedContent(api.cwd);
      if (!found.length || isTrusted(api.agentDir, api.cwd)) return;
      void askForTrust(api, found, () => disposed);
    });
  },
});

/**
 * A UI serves once its surface runs, which is right after boot: ask from a later tick (the RPC
 * "ui" service exists from setup but can only talk once its loop runs), waiting for a UI that
 * appears later (the inline UI provides "ui" when its app starts).
 */
async function askForTrust(api: PluginApi, found: string[], disposed: () => boolean): Promise<void> {
  const deadline = Date.now() + UI_WAIT_MS;
  do {
    await new Promise((r) => setTimeout(r, 100).unref());
    if (disposed() || Date.now() > deadline) return;
  } while (!api.services.has("ui"));
  const ui = api.services.use("ui");
  const yes = await ui.confirm(
    "Trust this folder?",
    `${api.cwd} has ${found.join(", ")}, which can run code or redirect requests. Load them?`,
  );
  // What was skipped stays in sight: a warning naming each thing, not a line that reads as "all is well".
  if (!yes) return ui.notify(`Not loaded (folder not trusted): ${found.join(", ")}. Trust it later with: pi --trust`, "warning");
  trustDirectory(api.agentDir, api.cwd);
  // This plugin was reloaded or shut down while the question was open: this api can no longer
  // reload, so the next reload or start loads what is now trusted.
  if (disposed()) return ui.notify(`Folder trusted: ${found.join(", ")} load at the next /reload or start.`, "info");
  await api.actions.reload();
  ui.notify(`Folder trusted: loaded ${found.join(", ")}.`, "info");
}

function listing(api: PluginApi): string {
  const scopes = [
    { name: "global", settings: join(api.agentDir, "settings.json"), root: api.agentDir },
    { name: "project", settings: join(api.cwd, ".pi", "settings.json"), root: join(api.cwd, ".pi") },
  ];
  const lines: string[] = [];
  for (const s of scopes) {
    let entries: ReturnType<typeof readPackages> = [];
    try {
      entries = readPackages(s.settings);
    } catch (error) {
      lines.push(`${s.name}: ${(error as Error).message}`);
      continue;
    }
    lines.push(`${s.name}:${entries.length ? "" : " none"}`);
    for (const e of entries) {
      const source = parseSource(sourceOf(e), s.root);
      lines.push(`  ${sourceOf(e)}  ${isInstalled(source, s.root) ? installedDir(source, s.root) : "not installed"}`);
    }
  }
  return lines.join("\n");
}
