// Model roles (settings `modelRoles`: {"default": "provider/id", "small": "provider/id", "plan": ...}):
// `default` is the start-up model (--model still wins, as do the --models scope and the
// --provider flag), `small` serves side jobs (compaction and branch summaries, subagents asking
// for it), `plan` subagents asking for it. Any other name works for subagents too.
import type { Model, ThinkingLevel } from "pi-kernel";
import { resolveModel, splitThinkingSuffix } from "./resolve.js";

type Bag = Readonly<Record<string, unknown>>;

export interface RoleModel {
  model: Model;
  thinkingLevel?: ThinkingLevel;
}

/** The pattern settings give a role ("provider/id[:thinking]"), if any. */
export function rolePattern(settings: Bag, role: string): string | undefined {
  const roles = settings.modelRoles;
  if (typeof roles !== "object" || roles === null || Array.isArray(roles)) return undefined;
  const value = (roles as Bag)[role];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** The role's model; a pattern matching nothing is a `problem` (the caller reports it). */
export function roleModel(models: Model[], settings: Bag, role: string): { found?: RoleModel; problem?: string } {
  const pattern = rolePattern(settings, role);
  if (!pattern) return {};
  const exact = models.find((m) => `${m.provider}/${m.id}` === pattern || m.id === pattern);
  if (exact) return { found: { model: exact } };
  const { pattern: base, level } = splitThinkingSuffix(pattern);
  const model = resolveModel(models, base);
  if (!model) return { problem: `settings "modelRoles.${role}": no model matches "${pattern}" (known models: pi --list-models)` };
  return { found: { model, thinkingLevel: level } };
}

/**
 * Settings as start-up selection reads them, with `modelRoles.default` in place of
 * defaultProvider/defaultModel (and its `:thinking` suffix as the default level).
 */
export function withDefaultRole(settings: Bag): Bag {
  const pattern = rolePattern(settings, "default");
  if (!pattern) return settings;
  const { pattern: base, level } = splitThinkingSuffix(pattern);
  return {
    ...settings,
    defaultProvider: undefined,
    defaultModel: base,
    ...(level && settings.defaultThinkingLevel === undefined && { defaultThinkingLevel: level }),
  };
}
