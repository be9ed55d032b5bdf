// pi's SettingsManager: settings.json from the agent dir (global) with the project's
// .pi/settings.json over it, or settings held in memory. Getters read the merged view with pi's
// defaults; setters change the global file (the project one for setProject*), written at once.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CONFIG_DIR_NAME, getAgentDir } from "./config.js";

type Settings = Record<string, unknown>;
const COMPACTION = { enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 };
const RETRY = { enabled: true, maxRetries: 3, baseDelayMs: 2000, maxDelayMs: 60000 };

/** getter suffix → [settings key path, default]; each gets `get<X>()` and `set<X>(value)`. */
const FIELDS: Record<string, [string, unknown]> = {
  DefaultProvider: ["defaultProvider", undefined],
  DefaultModel: ["defaultModel", undefined],
  DefaultThinkingLevel: ["defaultThinkingLevel", undefined],
  SteeringMode: ["steeringMode", "one-at-a-time"],
  FollowUpMode: ["followUpMode", "one-at-a-time"],
  Theme: ["theme", undefined],
  Transport: ["transport", "sse"],
  CompactionEnabled: ["compaction.enabled", true],
  CompactionReserveTokens: ["compaction.reserveTokens", COMPACTION.reserveTokens],
  CompactionKeepRecentTokens: ["compaction.keepRecentTokens", COMPACTION.keepRecentTokens],
  RetryEnabled: ["retry.enabled", true],
  HideThinkingBlock: ["hideThinkingBlock", false],
  ShellPath: ["shellPath", undefined],
  ShellCommandPrefix: ["shellCommandPrefix", undefined],
  QuietStartup: ["quietStartup", false],
  NpmCommand: ["npmCommand", undefined],
  CollapseChangelog: ["collapseChangelog", false],
  LastChangelogVersion: ["lastChangelogVersion", undefined],
  Packages: ["packages", []],
  ExtensionPaths: ["extensions", []],
  SkillPaths: ["skills", []],
  PromptTemplatePaths: ["prompts", []],
  ThemePaths: ["themes", []],
  EnableSkillCommands: ["enableSkillCommands", true],
  ShowImages: ["terminal.showImages", true],
  ImageAutoResize: ["images.autoResize", true],
  BlockImages: ["images.blockImages", false],
  EnabledModels: ["enabledModels", undefined],
  DoubleEscapeAction: ["doubleEscapeAction", "tree"],
  ShowHardwareCursor: ["showHardwareCursor", false],
  EditorPaddingX: ["editorPaddingX", 0],
  AutocompleteMaxVisible: ["autocompleteMaxVisible", 5],
  SessionDir: ["sessionDir", undefined],
};

const read = (file: string): Settings => {
  try {
    const value = JSON.parse(readFileSync(file, "utf8")) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Settings) : {};
  } catch {
    return {};
  }
};
const isObject = (v: unknown): v is Settings => !!v && typeof v === "object" && !Array.isArray(v);
function merge(base: Settings, over: Settings): Settings {
  const out: Settings = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = isObject(v) && isObject(out[k]) ? merge(out[k] as Settings, v) : v;
  return out;
}
const at = (s: Settings, path: string): unknown => path.split(".").reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), s);
function put(s: Settings, path: string, value: unknown): void {
  const keys = path.split(".");
  let o = s;
  for (const k of keys.slice(0, -1)) o = (isObject(o[k]) ? o[k] : (o[k] = {})) as Settings;
  o[keys[keys.length - 1]!] = value;
}

export class SettingsManager {
  [method: string]: unknown;
  private constructor(
    private global: Settings,
    private project: Settings,
    private readonly files: { global: string; project: string } | undefined,
  ) {}

  static create(cwd = process.cwd(), agentDir = getAgentDir()): SettingsManager {
    const files = { global: join(agentDir, "settings.json"), project: join(cwd, CONFIG_DIR_NAME, "settings.json") };
    return new SettingsManager(read(files.global), read(files.project), files);
  }
  static inMemory(settings: Settings = {}): SettingsManager {
    return new SettingsManager(structuredClone(settings), {}, undefined);
  }

  getGlobalSettings = (): Settings => structuredClone(this.global);
  getProjectSettings = (): Settings => structuredClone(this.project);
  private merged = (): Settings => merge(this.global, this.project);
  reload(): void {
    if (!this.files) return;
    this.global = read(this.files.global);
    this.project = read(this.files.project);
  }
  /** Overrides on top of the files for this process only (pi's applyOverrides). */
  applyOverrides(overrides: Settings): void {
    this.project = merge(this.project, overrides);
  }
  async flush(): Promise<void> {}
  drainErrors = (): { scope: string; error: Error }[] => [];

  getCompactionSettings = () => ({ ...COMPACTION, ...(at(this.merged(), "compaction") as object) });
  getRetrySettings = () => ({ ...RETRY, ...(at(this.merged(), "retry") as object) });
  getBranchSummarySettings = () => ({ reserveTokens: 16384, skipPrompt: false, ...(at(this.merged(), "branchSummary") as object) });
  setDefaultModelAndProvider(provider: string, modelId: string): void {
    this.write("global", "defaultProvider", provider);
    this.write("global", "defaultModel", modelId);
  }

  /** pi's setters change the global file; setProject* the project's. */
  write(scope: "global" | "project", path: string, value: unknown): void {
    const target = scope === "global" ? this.global : this.project;
    put(target, path, value);
    if (!this.files) return;
    const file = this.files[scope];
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(target, null, 2)}\n`);
  }
}

for (const [name, [path, fallback]] of Object.entries(FIELDS)) {
  Object.defineProperty(SettingsManager.prototype, `get${name}`, {
    value(this: SettingsManager) {
      return at((this as unknown as { merged(): Settings }).merged(), path) ?? structuredClone(fallback);
    },
  });
  Object.defineProperty(SettingsManager.prototype, `set${name}`, {
    value(this: SettingsManager, v: unknown) {
      this.write("global", path, v);
    },
  });
  Object.defineProperty(SettingsManager.prototype, `setProject${name}`, {
    value(this: SettingsManager, v: unknown) {
      this.write("project", path, v);
    },
  });
}
