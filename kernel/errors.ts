// Error text, timeouts and the stable codes diagnostics carry, in one place, so users and tests
// match failures by `code` instead of parsing prose.

/** Codes on kernel diagnostics; plugins may use their own (kebab-case, prefixed by their area). */
export const DiagnosticCode = {
  pluginLoad: "plugin-load", pluginSetup: "plugin-setup", pluginReplaced: "plugin-replaced", keptLastGood: "kept-last-good",
  dependencyCycle: "dependency-cycle", missingService: "missing-service", undeclaredService: "undeclared-service",
  hookFailed: "hook-failed", dispose: "dispose-failed", reload: "reload-failed", watch: "watch-failed",
  registered: "registration-replaced", refused: "registration-refused", pluginExit: "plugin-exit",
  /** Not a problem (level info): a changed plugin was set up again; a UI says so and drops what it resolved. */
  pluginReloaded: "plugin-reloaded",
} as const;
export type DiagnosticCode = (typeof DiagnosticCode)[keyof typeof DiagnosticCode];

/** `plugin` names the owner, so a stray one (a timer's) is reported as that plugin's (compose/crash-guard.ts). */
export class StaleApiError extends Error {
  constructor(readonly plugin: string) {
    super(`Plugin "${plugin}" used its API after it was reloaded or unloaded; use the api passed to the new setup()`);
    this.name = "StaleApiError";
  }
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === "string" ? error : JSON.stringify(error);
}

/**
 * Rejects with "<what> timed out after N ms" unless `promise` settles first; 0 means no limit.
 * `keepAlive`: the timer holds the process open (a load that never settles must still time out).
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what = "timed out", keepAlive = false): Promise<T> {
  if (!ms) return promise;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} after ${ms} ms`)), ms);
    if (!keepAlive) timer.unref?.();
    promise.then(
      (v) => { clearTimeout(timer); resolve(v); },
      (e) => { clearTimeout(timer); reject(e); },
    );
  });
}

/** A timer that never keeps the process alive. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.());
}
