// The switches on auto-discovered resources (the user's ~/.pi/agent/{extensions,skills,prompts,
// themes} and the project's .pi/...): `!`/`+`/`-` entries in the settings keys of the same names,
// relative to the agent dir (global settings) or the project's .pi (project settings), as
// `pi config` writes them. A project entry may also switch a user resource, by its absolute
// path (what `pi config -l` writes for an inherited one).
import { join } from "node:path";
import { applyDelta, enabledByOverrides } from "./filter.js";
import type { ResourceKind } from "./manifest.js";
import { readSettings } from "./settings-file.js";

export interface AutoScopeDirs {
  agentDir: string;
  cwd: string;
  /** Untrusted projects' settings do not count. */
  projectTrusted: boolean;
}

export type AutoEnabled = (kind: ResourceKind, file: string, scope: "user" | "project") => boolean;

/** Reads both settings files now; the answer is for their content at this moment. */
export function autoOverrides(o: AutoScopeDirs): AutoEnabled {
  const projectBase = join(o.cwd, ".pi");
  const global = patternsIn(join(o.agentDir, "settings.json"));
  const project = o.projectTrusted ? patternsIn(join(projectBase, "settings.json")) : {};
  return (kind, file, scope) => {
    if (scope === "project") return enabledByOverrides(file, project[kind] ?? [], projectBase);
    const own = enabledByOverrides(file, global[kind] ?? [], o.agentDir);
    const [state] = applyDelta(
      [{ path: file, enabled: own }],
      (project[kind] ?? []).filter((p) => /^[+-]/.test(p)),
      projectBase,
    );
    return state?.enabled ?? own;
  };
}

function patternsIn(file: string): Partial<Record<ResourceKind, string[]>> {
  let settings: Record<string, unknown>;
  try {
    settings = readSettings(file);
  } catch {
    return {}; // a broken file is reported where settings are loaded
  }
  const out: Partial<Record<ResourceKind, string[]>> = {};
  for (const kind of ["extensions", "skills", "prompts", "themes"] as const) {
    const list = settings[kind];
    if (Array.isArray(list)) out[kind] = list.filter((x): x is string => typeof x === "string");
  }
  return out;
}
