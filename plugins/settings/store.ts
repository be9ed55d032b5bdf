// The "settings" service: reads through the merged settings every plugin sees (api.settings),
// writes one key to the global (default, as pi) or project settings.json, keeping every other
// key, and tells listeners. The merged view is updated in place so code that reads settings when
// it needs them (auto-compaction, autocomplete size) follows at once.
import { join } from "node:path";
import { getPath, readSettings, setPath, updateSettings, type SettingsObject } from "../../lib/packages/index.js";

export type { SettingsScope, SettingsListener, SettingsService } from "../../contracts/settings.js";
import type { SettingsListener, SettingsScope, SettingsService } from "../../contracts/settings.js";

export class SettingsStore implements SettingsService {
  private readonly listeners = new Set<SettingsListener>();

  constructor(
    private readonly merged: SettingsObject,
    private readonly agentDir: string,
    private readonly cwd: string,
  ) {}

  get(key: string): unknown {
    return getPath(this.merged, key);
  }

  set(key: string, value: unknown, opts: { scope?: SettingsScope } = {}): void {
    this.setMany({ [key]: value }, opts);
  }

  setMany(values: Record<string, unknown>, opts: { scope?: SettingsScope } = {}): void {
    const scope = opts.scope ?? "global";
    const keys = Object.keys(values);
    updateSettings(this.file(scope), (settings) => {
      for (const key of keys) setPath(settings, key, values[key]);
    });
    // A global write does not change what the project file sets (the project wins, as in pi).
    const project = scope === "global" ? this.projectSettings() : {};
    for (const key of keys) {
      if (scope === "global" && getPath(project, key) !== undefined) continue;
      setPath(this.merged, key, values[key]);
      for (const fn of [...this.listeners]) fn(key, values[key]);
    }
  }

  onChange(listener: SettingsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  file(scope: SettingsScope = "global"): string {
    return scope === "project" ? join(this.cwd, ".pi", "settings.json") : join(this.agentDir, "settings.json");
  }

  private projectSettings(): SettingsObject {
    try {
      return readSettings(this.file("project"));
    } catch {
      return {}; // reported at start-up; a broken project file sets nothing
    }
  }
}
