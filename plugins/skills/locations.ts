// Where skills are looked for, in precedence order (the first skill of a name wins): --skill
// paths, those of the packages (the "package-resources" service), settings `skills` entries, then the project (.pi/skills and .agents/skills in cwd and
// each ancestor up to the git root), then the user (~/.pi/agent/skills, ~/.agents/skills), then
// pi-kernel's own (skills/ in the package).
// --no-skills keeps only the --skill and package paths, as in pi.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { PackageOrigin, PackageResourcesService } from "../../contracts/index.js";
import {
  builtinResourceDir,
  autoMeta,
  expandPath,
  givenPathMeta,
  packageMeta,
  settingsMeta,
  settingsPath,
  type SourceMeta,
  stringList,
} from "../../lib/resource-kit/index.js";

export interface SkillRoot {
  path: string;
  origin: "cli" | "settings" | "project" | "user" | "extension";
  /** Plain `*.md` files directly in the root count as skills (not in .agents/skills). */
  rootFiles: boolean;
  /** Where its skills come from, in pi's SourceInfo terms. */
  meta: SourceMeta;
  /** An untrusted project's folder its links may not leave (see ScanGuard). */
  confine?: string;
}

export interface LocationInput {
  cwd: string;
  agentDir: string;
  home: string;
  flags: Readonly<Record<string, unknown>>;
  settings: Readonly<Record<string, unknown>>;
  /** What the composition's packages offer (none without a composition root). */
  packages?: PackageResourcesService;
  /** Whether the project is trusted; an untrusted one's skill folders may not link out of it. */
  trusted?: boolean;
}

export interface Locations {
  roots: SkillRoot[];
  excluded: string[];
  problems: string[];
}

export function skillLocations(o: LocationInput): Locations {
  const roots: SkillRoot[] = [];
  const excluded: string[] = [];
  const problems: string[] = [];
  // Package skills rank as given paths after the user's own, as when they were added to --skill.
  for (const p of [...stringList(o.flags.skill), ...(o.packages?.skills ?? [])]) {
    const path = expandPath(p, o.home, o.cwd);
    if (!existsSync(path)) problems.push(`--skill ${p}: ${path} does not exist`);
    roots.push({ path, origin: "cli", rootFiles: true, meta: givenMeta(path, { ...o, origins: o.packages?.origins }) });
  }
  if (o.flags.skills === false) return { roots, excluded, problems };
  for (const entry of stringList(o.settings.skills)) {
    if (/[*?[\]{}]/.test(entry)) {
      problems.push(`settings "skills": "${entry}" is a glob; list skill directories or files instead`);
      continue;
    }
    const negated = entry.startsWith("!") || entry.startsWith("-");
    const path = settingsPath(entry.replace(/^[!+-]/, ""), o);
    if (negated) excluded.push(path);
    else roots.push({ path, origin: "settings", rootFiles: true, meta: settingsMeta("skills", entry, o.cwd) });
  }
  // pi reports every auto-discovered project skill against the cwd's .pi, user ones the agent dir.
  const project = autoMeta("project", join(o.cwd, ".pi"));
  for (const dir of projectDirs(o.cwd)) {
    const confine = o.trusted === false ? dir : undefined;
    roots.push({ path: join(dir, ".pi", "skills"), origin: "project", rootFiles: true, meta: project, confine });
    roots.push({ path: join(dir, ".agents", "skills"), origin: "project", rootFiles: false, meta: project, confine });
  }
  const user = autoMeta("user", o.agentDir);
  roots.push({ path: join(o.agentDir, "skills"), origin: "user", rootFiles: true, meta: user });
  roots.push({ path: join(o.home, ".agents", "skills"), origin: "user", rootFiles: false, meta: user });
  // pi-kernel's own skills come last: a skill of the same name anywhere else wins over them.
  const builtin = builtinResourceDir("skills");
  if (builtin) roots.push({ path: builtin, origin: "user", rootFiles: false, meta: autoMeta("user", dirname(builtin)) });
  return { roots, excluded, problems };
}

/** cwd and each ancestor up to the git root (the filesystem root outside a repository). */
export function projectDirs(cwd: string): string[] {
  const dirs: string[] = [];
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    dirs.push(dir);
    if (existsSync(join(dir, ".git")) || dirname(dir) === dir) return dirs;
  }
}

/** A path given for this run: under a package's directory (`origins`) it is the package's, else the user's. */
export function givenMeta(path: string, o: { cwd: string; agentDir: string; origins?: readonly PackageOrigin[] }): SourceMeta {
  return packageMeta(o.origins, path) ?? givenPathMeta(path, o);
}
