// The `lsp` settings (settings.json), declared as a TypeBox schema so a wrong type is reported at
// start with its key, and the built-in servers they merge over: TypeScript/JavaScript
// (typescript-language-server 5.x, which runs on Node 20, with `typescript`) and Python (pyright).
// A user's entry of a built-in's name changes only the fields it gives; `"disabled": true` turns a
// server off; a new name adds a server.
import { extname } from "node:path";
import { type Static, Type } from "pi-kernel";

const ServerSetting = Type.Object({
  command: Type.Optional(
    Type.String({ minLength: 1, description: "Executable (looked up in the project's node_modules/.bin, then PATH)" }),
  ),
  args: Type.Optional(Type.Array(Type.String())),
  extensions: Type.Optional(Type.Array(Type.String(), { description: 'File extensions it serves, e.g. [".ts", ".tsx"]' })),
  rootMarkers: Type.Optional(Type.Array(Type.String(), { description: "Files whose nearest folder is the workspace root" })),
  initializationOptions: Type.Optional(Type.Unknown()),
  /** LSP language ids by extension, where they are not the usual ones. */
  languageIds: Type.Optional(Type.Record(Type.String(), Type.String())),
  env: Type.Optional(Type.Record(Type.String(), Type.String())),
  disabled: Type.Optional(Type.Boolean()),
});

export const LspSettings = Type.Object({
  lsp: Type.Optional(
    Type.Object({
      enabled: Type.Optional(Type.Boolean()),
      /** How long an edit's result waits for the server's diagnostics (ms, default 1500). */
      waitMs: Type.Optional(Type.Integer({ minimum: 0 })),
      /** Show warnings too, not only errors (default false). */
      warnings: Type.Optional(Type.Boolean()),
      /** The `lsp` and `lsp_rename` tools wait behind tool_search (default true). */
      deferTools: Type.Optional(Type.Boolean()),
      servers: Type.Optional(Type.Record(Type.String(), ServerSetting)),
    }),
  ),
});

type LspSettingsValue = NonNullable<Static<typeof LspSettings>["lsp"]>;
export type ServerSettingValue = Static<typeof ServerSetting>;

declare module "pi-kernel" {
  interface Settings {
    lsp?: LspSettingsValue;
  }
}

/** One language server as the plugin runs it: every field filled. */
export interface ServerConfig {
  name: string;
  command: string;
  args: string[];
  extensions: string[];
  rootMarkers: string[];
  initializationOptions?: unknown;
  languageIds: Record<string, string>;
  env: Record<string, string>;
}

export const DEFAULT_WAIT_MS = 1500;

const BUILTIN: Record<string, Omit<ServerConfig, "name" | "env">> = {
  typescript: {
    command: "typescript-language-server",
    args: ["--stdio"],
    extensions: [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"],
    rootMarkers: ["tsconfig.json", "jsconfig.json", "package.json"],
    // No automatic type acquisition: it would run npm installs of @types packages in the background.
    initializationOptions: { disableAutomaticTypingAcquisition: true },
    languageIds: {
      ".ts": "typescript",
      ".mts": "typescript",
      ".cts": "typescript",
      ".tsx": "typescriptreact",
      ".js": "javascript",
      ".mjs": "javascript",
      ".cjs": "javascript",
      ".jsx": "javascriptreact",
    },
  },
  python: {
    command: "pyright-langserver",
    args: ["--stdio"],
    extensions: [".py", ".pyi"],
    rootMarkers: ["pyproject.toml", "pyrightconfig.json", "setup.py", "setup.cfg", "requirements.txt"],
    languageIds: { ".py": "python", ".pyi": "python" },
  },
};

/** What the plugin reads from `lsp`, with the defaults applied. */
export interface LspOptions {
  enabled: boolean;
  waitMs: number;
  warnings: boolean;
  deferTools: boolean;
  servers: ServerConfig[];
}

export function lspOptions(settings: { lsp?: unknown }): LspOptions {
  const lsp = (isObject(settings.lsp) ? settings.lsp : {}) as LspSettingsValue;
  return {
    enabled: lsp.enabled !== false,
    waitMs: typeof lsp.waitMs === "number" && lsp.waitMs >= 0 ? lsp.waitMs : DEFAULT_WAIT_MS,
    warnings: lsp.warnings === true,
    deferTools: lsp.deferTools !== false,
    servers: serverConfigs(isObject(lsp.servers) ? lsp.servers : {}),
  };
}

/** The built-in servers with the user's entries merged over them, then the user's own; disabled ones left out. */
export function serverConfigs(user: Record<string, ServerSettingValue>): ServerConfig[] {
  const names = [...new Set([...Object.keys(BUILTIN), ...Object.keys(user)])];
  const out: ServerConfig[] = [];
  for (const name of names) {
    const given: ServerSettingValue = isObject(user[name]) ? user[name] : {};
    const base = BUILTIN[name];
    if (given.disabled === true) continue;
    const command = given.command ?? base?.command;
    const extensions = (given.extensions ?? base?.extensions ?? []).map(dotted);
    if (!command || extensions.length === 0) continue;
    out.push({
      name,
      command,
      args: given.args ?? base?.args ?? [],
      extensions,
      rootMarkers: given.rootMarkers ?? base?.rootMarkers ?? [],
      initializationOptions: "initializationOptions" in given ? given.initializationOptions : base?.initializationOptions,
      languageIds: { ...base?.languageIds, ...given.languageIds },
      env: given.env ?? {},
    });
  }
  return out;
}

/** The server for a file, by its extension (the first configured one wins). */
export function serverFor(servers: ServerConfig[], file: string): ServerConfig | undefined {
  const ext = extensionOf(file);
  return ext ? servers.find((s) => s.extensions.includes(ext)) : undefined;
}

export function languageId(server: ServerConfig, file: string): string {
  const ext = extensionOf(file) ?? "";
  return server.languageIds[ext] ?? ext.slice(1);
}

function extensionOf(file: string): string | undefined {
  return extname(file).toLowerCase() || undefined;
}

const dotted = (ext: string) => (ext.startsWith(".") ? ext : `.${ext}`).toLowerCase();

function isObject(v: unknown): v is Record<string, ServerSettingValue> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
