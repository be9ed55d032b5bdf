// Themes: pi's theme JSON (51 colour tokens, vars), the built-in dark and light themes, user and
// project theme dirs, `--theme`, the `theme` setting, the themes of packages, truecolor with a 256-colour fallback, and
// live reload of the active theme's file. Offered as the "themes" service.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { definePlugin, type PluginApi } from "pi-kernel";
import { AddedPaths, filesOf, stringList, type AddsPaths } from "../../lib/resource-kit/index.js";
import type { ThemesService } from "../../contracts/index.js";
import { detectBackground, themeFiles } from "./catalog.js";
import { detectColorMode } from "./color.js";
import { ThemeManager } from "./manager.js";

export default definePlugin({
  name: "themes",
  uses: ["settings", "package-resources"],
  provides: ["themes"],
  // Its provider first: a plugin that asks for the theme while setting up gets the packages' themes too.
  after: ["package-resources"],
  setup(api) {
    // The user's choice outlives plugin reloads (a new generation builds a new manager).
    const chosen = api.keep("chosen", (): { name?: string } => ({}));
    let manager: ThemeManager | undefined;
    // Theme paths other plugins add (pi's resources_discover) join a manager already built.
    const added = new AddedPaths(api.cwd, () => manager?.load(addedThemes(added), []));
    // Built on first use so start-up reads no theme files unless a UI asks.
    const get = (): ThemeManager => (manager ??= createManager(api, added, chosen.name));
    const fresh = (): ThemeManager => {
      const m = get();
      m.loadNew(themeSources(api).files);
      return m;
    };
    const service: ThemesService & AddsPaths = {
      addPaths: (paths, owner) => added.addPaths(paths, owner),
      current: () => get().current(),
      // pi lists what the theme dirs hold now: a file added mid-session shows up without /reload.
      list: () => fresh().list(),
      set: (name) => {
        (get().has(name) ? get() : fresh()).set(name);
        chosen.name = name;
        remember(api, name);
      },
      onChange: (fn) => get().onChange(fn),
    };
    api.services.provide("themes", service);
    api.onDispose(() => manager?.dispose());
  },
});

/** A theme the user picks is the next start's theme too (pi writes `theme` to settings.json). */
function remember(api: PluginApi, name: string): void {
  const settings = api.services.get("settings");
  if (!settings || settings.get("theme") === name) return;
  try {
    settings.set("theme", name);
  } catch (error) {
    api.diagnose({ level: "warning", where: "themes", message: `could not remember the theme: ${(error as Error).message}` });
  }
}

function addedThemes(added: AddedPaths): { path: string; source: "settings" }[] {
  return filesOf(added.list(), ".json").map((path) => ({ path, source: "settings" }));
}

function createManager(api: PluginApi, added: AddedPaths, chosen: string | undefined): ThemeManager {
  const report = (level: "warning" | "error" | "info", message: string) => api.diagnose({ level, where: "themes", message });
  const manager = new ThemeManager(detectColorMode(), report);
  const flag = api.flags.theme;
  const cliValues = flag === false ? [] : ([] as unknown[]).concat(flag ?? []).map(String);
  const { files, problems } = themeSources(api);
  for (const p of problems) report("warning", p);
  manager.load([...files, ...addedThemes(added)], api.registry.list("theme"));
  const wanted = [
    chosen,
    cliValues.find((v) => !looksLikePath(v)),
    manager
      .list()
      .filter((t) => t.source === "cli")
      .at(-1)?.name,
    typeof api.settings.theme === "string" ? api.settings.theme : undefined,
  ].find((name): name is string => !!name);
  const fallback = detectBackground();
  if (wanted && !manager.has(wanted)) report("warning", `theme "${wanted}" not found; using "${fallback}"`);
  manager.set(wanted && manager.has(wanted) ? wanted : fallback);
  return manager;
}

/** The theme files of the built-in dir, the theme dirs, settings `themes`, the packages' themes and `--theme` paths. */
function themeSources(api: PluginApi): ReturnType<typeof themeFiles> {
  const flag = api.flags.theme;
  const cliPaths = (flag === false ? [] : ([] as unknown[]).concat(flag ?? []).map(String)).filter(looksLikePath);
  // Package themes load as settings `themes` entries do: available, not selected (--theme selects).
  const off = api.flags.themes === false;
  const found = themeFiles({
    builtinDir: builtinThemesDir(),
    agentDir: api.agentDir,
    cwd: api.cwd,
    settingsPaths: off ? [] : stringList(api.settings.themes),
    packagePaths: off ? [] : (api.services.get("package-resources")?.themes ?? []),
    cliPaths,
  });
  // --no-themes: only the built-in themes and --theme paths.
  if (api.flags.themes === false) found.files = found.files.filter((f) => f.source === "builtin" || f.source === "cli");
  return found;
}

/** `--theme` takes paths (pi) and, here, also a theme's name. */
function looksLikePath(v: string): boolean {
  return v.includes("/") || v.includes("\\") || v.endsWith(".json");
}

/** themes/ at the package root, from the source tree or from dist/. */
function builtinThemesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, "themes", "dark.json"))) return join(dir, "themes");
    dir = dirname(dir);
  }
  return join(dir, "themes");
}
