// The audit log: every permission decision appended as one JSON line to a file next to the session
// (`<session>.audit.ndjson`; not `.jsonl`, so session pickers never take it for a session). An
// in-memory session (--no-session) has no file, so nothing is written.
import { appendFile, mkdir } from "node:fs/promises";
import { dirname } from "node:path";

export interface AuditRecord {
  toolCallId: string;
  tool: string;
  /** The arguments in one line (`bash: npm test`). */
  summary: string;
  decision: "allow" | "deny";
  /** Who decided: a rule, the mode, the user's answer, a PermissionRequest hook, or nobody (no one to ask). */
  by: "rule" | "mode" | "user" | "hook" | "nobody";
  mode: string;
  rule?: string;
  answer?: string;
  message?: string;
}

export function auditFile(sessionFile: string | undefined): string | undefined {
  return sessionFile ? `${sessionFile.replace(/\.jsonl$/, "")}.audit.ndjson` : undefined;
}

export class AuditLog {
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly report: (message: string) => void) {}

  /** Appends in order; a failed write is reported once per file and never blocks the tool. */
  write(file: string | undefined, record: AuditRecord): Promise<void> {
    if (!file) return Promise.resolve();
    const line = `${JSON.stringify({ timestamp: new Date().toISOString(), ...record })}\n`;
    this.chain = this.chain.then(async () => {
      try {
        await mkdir(dirname(file), { recursive: true });
        await appendFile(file, line, { mode: 0o600 });
      } catch (error) {
        this.report(`Could not write the permission audit log ${file}: ${(error as Error).message}`);
      }
    });
    return this.chain;
  }
}
