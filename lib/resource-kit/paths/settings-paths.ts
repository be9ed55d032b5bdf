// Paths of user resources (skills, prompt templates) as given by flags and settings: `~` is the
// home directory; settings paths are relative to the project's .pi when they exist there, else to
// the agent dir (the merged settings no longer say which file an entry came from).
import { existsSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";

export interface PathBase {
  cwd: string;
  agentDir: string;
  home: string;
}

/** A flag or setting that may be one string or a list of them. */
export function stringList(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((v): v is string => typeof v === "string" && v.length > 0);
}

export function expandPath(p: string, home: string, base: string): string {
  if (p === "~" || p.startsWith("~/")) return join(home, p.slice(1));
  return isAbsolute(p) ? p : resolve(base, p);
}

export function settingsPath(p: string, o: PathBase): string {
  if (p.startsWith("~") || isAbsolute(p)) return expandPath(p, o.home, o.cwd);
  const project = resolve(o.cwd, ".pi", p);
  return existsSync(project) ? project : resolve(o.agentDir, p);
}
