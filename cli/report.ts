// How `pi` prints diagnostics while no mode plugin listens: to stderr, info only with --verbose.
// The composition root's own problems print as they always have: a broken settings.json as
// `pi: <problem>`, the untrusted-project warning without a location.
import type { Diagnostic } from "../kernel/index.js";
import { ComposeCode } from "../compose/diagnostics.js";

export function stderrReporter(verbose: boolean): (d: Diagnostic) => void {
  return (d) => {
    if (d.code === ComposeCode.settingsFile) return void process.stderr.write(`pi: ${d.message}\n`);
    if (d.level === "info" && !verbose) return;
    const located = d.where && d.code !== ComposeCode.untrustedProject && !d.message.includes(d.where);
    process.stderr.write(`pi: ${d.level}: ${d.message}${located ? ` (${d.where})` : ""}\n`);
  };
}
