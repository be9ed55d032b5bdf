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
 * `keepAlive`: the deadline holds the process open (a load that never settles must still time out).
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what = "timed out", keepAlive = false): Promise<T> {
  if (!ms) return promise;
  return new Promise<T>((resolve, reject) => {
    const d = arm({ at: Date.now() + ms, keepAlive, fail: () => reject(new Error(`${what} after ${ms} ms`)) });
    promise.then((v) => (disarm(d), resolve(v)), (e) => (disarm(d), reject(e)));
  });
}

// Deadlines share one timer, left to run out when they settle: a start-up awaits ~110 (each plugin's import and setup,
// each async hook call), and a timer made and cleared for each was ~2 ms of a print run's CPU. The timer is ref'd
// while a keepAlive deadline is pending (`held` counts them).
interface Deadline { at: number; keepAlive: boolean; fail(): void }
const deadlines = new Set<Deadline>();
let [alarm, held] = [undefined as { at: number; timer: ReturnType<typeof setTimeout> } | undefined, 0];
function arm(d: Deadline): Deadline {
  deadlines.add(d), (held += d.keepAlive ? 1 : 0);
  if (!alarm || d.at < alarm.at) ring(d.at); else if (d.keepAlive) alarm.timer.ref?.();
  return d;
}
const disarm = (d: Deadline) => void (deadlines.delete(d) && d.keepAlive && --held === 0 && alarm?.timer.unref?.());
function ring(at: number): void {
  clearTimeout(alarm?.timer);
  alarm = { at, timer: setTimeout(expire, Math.max(1, at - Date.now())) };
  if (held === 0) alarm.timer.unref?.();
}
function expire(): void {
  alarm = undefined;
  for (const d of deadlines) if (d.at <= Date.now()) disarm(d), d.fail();
  if (deadlines.size > 0) ring(Math.min(...[...deadlines].map((d) => d.at)));
}

/** A timer that never keeps the process alive. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.());
}
