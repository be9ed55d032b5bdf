// Diagnostics in the interactive UI. Problems are raised long before the app draws (a plugin
// that fails to load, a typo in a --packages file, no usable model): they are kept here, shown
// together once the app is up, and every diagnostic of the run stays listed by /diagnostics
// until a live edit puts it right (the plugin reloads: a short notice, and its load errors go).
// Until the app is up nothing else prints them (this plugin listens to the diagnostic hook), so
// if it never comes up (a fatal problem, a one-shot surface) they go to stderr at shutdown.
import { type Diagnostic, DiagnosticCode } from "pi-kernel";
import type { CommandDef } from "../../contracts/index.js";

const MAX_KEPT = 500;
/** The kernel's note that a changed plugin was set up again. */
const RELOADED: string = DiagnosticCode.pluginReloaded;
/** Problems a successful reload of the same plugin (or file) puts right. */
const RESOLVED_BY_RELOAD = new Set<string>([
  DiagnosticCode.pluginLoad,
  DiagnosticCode.pluginSetup,
  DiagnosticCode.keptLastGood,
  DiagnosticCode.missingService,
]);

/** What the app needs of the log: a way to show a notice. */
interface Shows {
  notify(text: string, level?: "info" | "warning" | "error"): void;
}

export class DiagnosticLog {
  /** Every diagnostic of the run, oldest first (capped). */
  readonly all: Diagnostic[] = [];
  /** Raised while no app was up to show them. */
  private pending: Diagnostic[] = [];

  constructor(private readonly verbose: boolean) {}

  /** Records one diagnostic, and shows it when an app is up and it is worth showing. */
  add(d: Diagnostic, app: Shows | undefined): void {
    if (d.code === RELOADED) return this.reloaded(d, app);
    this.all.push(d);
    if (this.all.length > MAX_KEPT) this.all.shift();
    if (!this.worthShowing(d)) return;
    if (app) app.notify(`${d.level}: ${d.message}`, d.level);
    else this.pending.push(d);
  }

  /** Shows what was raised before the app came up, as one notice pointing to /diagnostics. */
  showPending(app: Shows): void {
    const shown = this.take();
    if (shown.length === 0) return;
    const level = shown.some((d) => d.level === "error") ? "error" : shown.some((d) => d.level === "warning") ? "warning" : "info";
    const heading = `${shown.length === 1 ? "A problem" : `${shown.length} problems`} at start-up (/diagnostics lists them all):`;
    app.notify([heading, ...shown.map((d) => `${d.level}: ${d.message}${origin(d)}`)].join("\n"), level);
  }

  /** Writes what no app showed to stderr (the app never came up). */
  printPending(): void {
    for (const d of this.take()) process.stderr.write(`pi: ${d.level}: ${d.message}\n`);
  }

  /** A plugin edited live set up again: one short notice, and its load problems are resolved. */
  private reloaded(d: Diagnostic, app: Shows | undefined): void {
    const resolved = (p: Diagnostic) => RESOLVED_BY_RELOAD.has(p.code ?? "") && (p.plugin === d.plugin || p.where === d.where);
    for (let i = this.all.length - 1; i >= 0; i--) if (resolved(this.all[i])) this.all.splice(i, 1);
    this.pending = this.pending.filter((p) => !resolved(p));
    app?.notify(`Reloaded ${d.plugin ?? d.where}`, "info");
  }

  hasFatal(): boolean {
    return this.all.some((d) => d.fatal);
  }

  private take(): Diagnostic[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }

  private worthShowing(d: Diagnostic): boolean {
    return d.level !== "info" || this.verbose;
  }
}

/** " (plugin or where)" unless the message already names it. */
function origin(d: Diagnostic): string {
  const source = d.plugin ?? d.where;
  return source && !d.message.includes(source) ? ` (${source})` : "";
}

/** One row per diagnostic: level, code, source and message. */
export function diagnosticRows(all: readonly Diagnostic[]): string {
  if (all.length === 0) return "No diagnostics in this run.";
  const rows = all.map((d) => {
    const source = [d.plugin, d.where].filter(Boolean).join(" · ") || "pi";
    return `${d.level.padEnd(7)} ${(d.code ?? "-").padEnd(18)} ${source}\n        ${d.message.split("\n").join("\n        ")}`;
  });
  return [`Diagnostics of this run (${all.length}, oldest first):`, ...rows].join("\n");
}

/** /diagnostics: every diagnostic of the run, with its source, code and message. */
export function diagnosticsCommand(log: () => DiagnosticLog): CommandDef {
  return {
    name: "diagnostics",
    description: "List the problems and notes of this run (plugin load failures, settings, models)",
    source: "builtin",
    handler: () => diagnosticRows(log().all),
  };
}
