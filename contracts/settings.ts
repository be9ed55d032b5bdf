// The "settings" service (provided by the settings plugin): reads the merged settings.json
// (global, then project) and writes one key at a time, atomically.

export type SettingsScope = "global" | "project";
export type SettingsListener = (key: string, value: unknown) => void;

export interface SettingsService {
  /** A merged setting (project over global); dotted keys reach nested ones ("compaction.enabled"). */
  get(key: string): unknown;
  /** Writes a setting (undefined removes it); throws, naming the file, when that file is broken. */
  set(key: string, value: unknown, opts?: { scope?: SettingsScope }): void;
  /** Several keys in one write (e.g. defaultProvider and defaultModel). */
  setMany(values: Record<string, unknown>, opts?: { scope?: SettingsScope }): void;
  onChange(listener: SettingsListener): () => void;
  /** The file a scope writes to. */
  file(scope?: SettingsScope): string;
}

declare module "pi-kernel" {
  interface Services {
    settings: SettingsService;
  }
}
