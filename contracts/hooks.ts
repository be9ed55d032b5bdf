// The "hooks" service (provided by the hooks plugin): command hooks in Claude Code's settings shape.
// Other plugins add hooks that live elsewhere through it (a Claude Code plugin's hooks/hooks.json).

export interface HooksService {
  /**
   * Adds `hooks` (Claude Code's `{Event: [{matcher, hooks: [{type, command, timeout}]}]}`) under
   * `owner`, replacing what it added before; `source` names them in /hooks and in errors;
   * `pluginRoot` is ${CLAUDE_PLUGIN_ROOT} for their commands. Returns the removal.
   */
  add(owner: string, hooks: unknown, opts: { source: string; pluginRoot?: string }): () => void;
  /** The /hooks listing. */
  describe(): string;
}

declare module "pi-kernel" {
  interface Settings {
    /** Declared (with its schema) by the hooks plugin: Claude Code's hooks shape. */
    hooks: Record<string, unknown[]>;
    disableAllHooks: boolean;
    /** Other agents' files, each on unless set to false (hooks and compat plugins). */
    compat: { claude?: boolean; codex?: boolean };
  }
  interface Services {
    hooks: HooksService;
  }
}
