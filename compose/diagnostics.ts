// Codes of the problems the composition root reports itself, before any plugin listens, so a
// caller can tell them apart (the CLI prints them as it always has: see cli/report.ts).
export const ComposeCode = {
  /** The project carries code or request redirects and is not trusted yet. */
  untrustedProject: "untrusted-project",
  /** A settings.json could not be read; it is skipped. */
  settingsFile: "settings-file",
  /** A settings.json value does not match the type a plugin declares for it: compose/settings-check.ts. */
  settingsType: "settings-type",
  /** A plugin's error reached the process (a timer, a stray rejection, a stale api): compose/crash-guard.ts. */
  strayError: "plugin-stray-error",
  /** An extension file the agent's own tools wrote is held until the person's /reload: compose/written-code.ts. */
  extensionHeld: "extension-held",
  /** A `-e` path is gone at a reload: that plugin leaves, the others reload (compose/discover.ts). */
  extensionMissing: "extension-missing",
} as const;
