// The paths a tool says a call touches (ToolDef.paths), read defensively: a third-party tool's
// `paths` may throw or return anything. Permissions, ACP, /tree and the transcript read it here.
import type { ToolDef } from "pi-kernel";

/** The call's paths as the model wrote them; [] when they cannot be read, undefined when the tool declares none. */
export function declaredPaths(tool: ToolDef | undefined, args: unknown): string[] | undefined {
  if (typeof tool?.paths !== "function") return undefined;
  try {
    const paths: unknown = tool.paths(args as never);
    return Array.isArray(paths) ? paths.filter((p): p is string => typeof p === "string" && p !== "") : [];
  } catch {
    return [];
  }
}
