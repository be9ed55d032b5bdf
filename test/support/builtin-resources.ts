// pi-kernel's own skills/ and prompts/ (issue 33) load in every agent. Tests that count exactly the
// skills and templates of their temp trees, or compare a command list with pi's (which has none),
// switch them off as `pi config` would, or leave their names out of what they compare.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { builtinResourceDir } from "../../lib/resource-kit/index.js";

const files = (kind: "skills" | "prompts") => {
  const dir = builtinResourceDir(kind);
  return dir ? readdirSync(dir).map((n) => join(dir, n)) : [];
};

/** Settings with every built-in skill and prompt template switched off (`-<path>` entries, as `pi config` writes). */
export function withoutBuiltins(settings: Record<string, unknown> = {}): Record<string, unknown> {
  const list = (v: unknown) => (Array.isArray(v) ? v : []);
  return {
    ...settings,
    skills: [...list(settings.skills), ...files("skills").map((d) => `-${join(d, "SKILL.md")}`)],
    prompts: [...list(settings.prompts), ...files("prompts").map((f) => `-${f}`)],
  };
}

/** The names the built-ins give their commands (`explain`, `skill:extend-pi-kernel`, ...) and skills. */
export const BUILTIN_NAMES: ReadonlySet<string> = new Set([
  ...files("prompts").map((f) => f.replace(/^.*\//, "").replace(/\.md$/, "")),
  ...files("skills").flatMap((d) => {
    const name = d.replace(/^.*\//, "");
    return [name, `skill:${name}`];
  }),
]);
