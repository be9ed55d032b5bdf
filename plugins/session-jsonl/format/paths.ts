// Where pi keeps sessions: ~/.pi/agent/sessions/--<cwd>--/<ISO time>_<id>.jsonl, unless a session
// dir is given (--session-dir, PI_CODING_AGENT_SESSION_DIR, settings.sessionDir), which then
// holds the files directly.
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** `/home/u/p` → `--home-u-p--`, as pi names a project's session folder. */
export function cwdFolderName(cwd: string): string {
  return `--${cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`;
}

export function sessionsRoot(agentDir: string): string {
  return join(agentDir, "sessions");
}

export interface SessionDirOptions {
  agentDir: string;
  cwd: string;
  flag?: unknown;
  env?: string | undefined;
  setting?: unknown;
}

/** The folder new sessions for `cwd` go to; the first of flag, env var, setting, default. */
export function sessionDirFor(o: SessionDirOptions): string {
  const custom = [o.flag, o.env, o.setting].find((v): v is string => typeof v === "string" && v.trim() !== "");
  if (custom) return resolve(o.cwd, expandHome(custom.trim()));
  return join(sessionsRoot(o.agentDir), cwdFolderName(o.cwd));
}

/** Whether a session dir was chosen explicitly (then only it is searched for -c / --session). */
export function hasCustomSessionDir(o: SessionDirOptions): boolean {
  return [o.flag, o.env, o.setting].some((v) => typeof v === "string" && v.trim() !== "");
}

export function sessionFileName(id: string, at = new Date()): string {
  return `${at.toISOString().replace(/[:.]/g, "-")}_${id}.jsonl`;
}

function expandHome(p: string): string {
  return p === "~" ? homedir() : p.startsWith("~/") ? join(homedir(), p.slice(2)) : p;
}
