// The "package-resources" service (provided by the composition root, compose/package-resources.ts):
// the skills, prompt templates and themes that the installed pi packages and the run's `-e` folders
// offer, and which directories are packages. The skills, prompts and themes plugins load these
// paths after the user's own (`--skill`, `--prompt-template`, settings `themes`), and resources
// found under a package's directory report origin "package" with its source string (pi's
// SourceInfo). A service rather than extra flags: the CLI's flags stay what the user typed.

/** A directory the composition took a package from (`source` as pi-packages.json writes it). */
export interface PackageOrigin {
  baseDir: string;
  source: string;
  scope: "user" | "project";
}

/**
 * What the packages of the current composition offer; read it when needed, as a change of the
 * pi-packages.json in use recomposes the packages. `-e` folders come first, then the packages in
 * composition order (for skills and prompts the first of a name wins, as in pi).
 */
export interface PackageResourcesService {
  readonly skills: readonly string[];
  readonly prompts: readonly string[];
  /** Theme files and folders: available, not selected (unlike `--theme`). */
  readonly themes: readonly string[];
  readonly origins: readonly PackageOrigin[];
  /** The Claude Code plugins among the packages: what the claude-plugins plugin maps (agents, hooks, MCP servers). */
  readonly claudePlugins?: readonly ClaudePluginParts[];
}

/** A hooks or MCP config of a Claude Code plugin: a file, or an object inline in its plugin.json (`file` is then plugin.json). */
export interface ClaudeConfigRef {
  file: string;
  value?: unknown;
}

/**
 * A Claude Code plugin installed as a package (lib/packages/claude-plugin.ts), its entry's filters
 * applied. Its commands and skills are among the prompts and skills above; these are the rest.
 */
export interface ClaudePluginParts {
  /** plugin.json's name (the folder's name without one). */
  name: string;
  /** The plugin's folder: ${CLAUDE_PLUGIN_ROOT}. */
  root: string;
  source: string;
  /** "user": installed by the person (global settings, the composition); "project": a trusted project's settings. */
  scope: "user" | "project";
  /** Agent definition folders, or the files the filters leave. */
  agents: string[];
  hooks: ClaudeConfigRef[];
  mcpServers: ClaudeConfigRef[];
}

declare module "pi-kernel" {
  interface Services {
    "package-resources": PackageResourcesService;
  }
}
