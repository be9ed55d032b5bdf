// pi's (lenient) reading of the Agent Skills rules. Every problem is reported as a rule broken in
// a file; only a missing description keeps the skill out, as in pi.
import { basename, dirname } from "node:path";

export type { Skill } from "../../contracts/resources.js";
import type { Skill } from "../../contracts/resources.js";

export interface Checked {
  skill?: Skill;
  problems: string[];
}

export const MAX_NAME = 64;
export const MAX_DESCRIPTION = 1024;
export const MAX_COMPATIBILITY = 500;

export function checkSkill(data: Record<string, unknown>, filePath: string, origin: string): Checked {
  const problems: string[] = [];
  const baseDir = dirname(filePath);
  const dirName = basename(baseDir);
  const description = typeof data.description === "string" ? data.description : undefined;
  if (data.description !== undefined && description === undefined) problems.push("description must be text");
  else if (!description?.trim()) problems.push("description is required");
  else if (description.length > MAX_DESCRIPTION) problems.push(`description exceeds ${MAX_DESCRIPTION} characters (${description.length})`);

  const name = typeof data.name === "string" && data.name ? data.name : dirName;
  if (data.name !== undefined && typeof data.name !== "string") problems.push("name must be text");
  problems.push(...nameProblems(name, dirName));

  if (data.compatibility !== undefined && String(data.compatibility).length > MAX_COMPATIBILITY) {
    problems.push(`compatibility exceeds ${MAX_COMPATIBILITY} characters (${String(data.compatibility).length})`);
  }
  const dmi = data["disable-model-invocation"];
  if (dmi !== undefined && typeof dmi !== "boolean") problems.push("disable-model-invocation must be true or false");
  if (!description?.trim()) return { problems };
  return {
    skill: { name, description, filePath, baseDir, disableModelInvocation: dmi === true, origin },
    problems,
  };
}

function nameProblems(name: string, dirName: string): string[] {
  const out: string[] = [];
  if (name !== dirName) out.push(`name "${name}" does not match parent directory "${dirName}"`);
  if (name.length > MAX_NAME) out.push(`name exceeds ${MAX_NAME} characters (${name.length})`);
  if (!/^[a-z0-9-]+$/.test(name)) out.push("name contains invalid characters (must be lowercase a-z, 0-9, hyphens only)");
  if (name.startsWith("-") || name.endsWith("-")) out.push("name must not start or end with a hyphen");
  if (name.includes("--")) out.push("name must not contain consecutive hyphens");
  return out;
}
