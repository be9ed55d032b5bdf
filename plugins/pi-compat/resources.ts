// pi's resources_discover: after session_start (at start-up and on reload) extensions may answer
// `{skillPaths, promptPaths, themePaths}`; the paths join the skills, prompt templates and themes
// through those services' `addPaths`, so a skill reaches the system prompt and a template runs as
// /name. Every handler's paths are kept (pi merges them all).
import type { PluginApi } from "pi-kernel";
import { createContext } from "./context.js";
import type { Runtime } from "./runtime.js";

const KINDS = [
  ["skillPaths", "skills"],
  ["promptPaths", "prompts"],
  ["themePaths", "themes"],
] as const;

export async function discoverResources(rt: Runtime, api: PluginApi, reason: "startup" | "reload"): Promise<void> {
  if (!rt.handlers.has("resources_discover")) return;
  const found: Record<string, string[]> = { skillPaths: [], promptPaths: [], themePaths: [] };
  await rt.handlers.each(
    { type: "resources_discover", cwd: api.cwd, reason },
    (e) => createContext(rt, e.api),
    (o) => {
      const r = o.ok ? (o.value as Record<string, unknown> | undefined) : undefined;
      for (const [key] of KINDS) {
        const list = r?.[key];
        if (Array.isArray(list)) found[key].push(...list.filter((p): p is string => typeof p === "string"));
      }
    },
  );
  for (const [key, service] of KINDS) {
    if (found[key].length === 0) continue;
    const target = api.services.get(service);
    if (target?.addPaths) api.onDispose(target.addPaths(found[key], "pi-compat"));
    else
      api.diagnose({
        level: "warning",
        where: "resources_discover",
        message: `extensions offered ${key} but this agent has no ${service} service that takes paths`,
      });
  }
}
