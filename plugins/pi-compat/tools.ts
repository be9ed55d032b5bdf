// pi's ToolDefinition to a kernel tool: the same fields and execute signature; pi's `ctx` (5th
// argument) is the extension context, and renderCall/renderResult stay on the definition for UIs.
// pi has no `effect`: a third-party tool is "other" unless it declares one (pi's built-in tool
// factories do); one the kernel does not know is dropped rather than trusted.
import type { ToolDef, ToolEffect } from "pi-kernel";

const EFFECTS: readonly ToolEffect[] = ["read", "search", "edit", "execute", "fetch", "other"];

export function adaptTool(def: Record<string, unknown>, ctx: () => Record<string, unknown>): ToolDef {
  const execute = def.execute as (
    id: string,
    params: unknown,
    signal: AbortSignal | undefined,
    onUpdate: unknown,
    ctx: unknown,
  ) => Promise<unknown>;
  if (typeof def.name !== "string" || typeof execute !== "function") throw new Error("registerTool needs a name and an execute function");
  return {
    ...def,
    name: def.name,
    description: typeof def.description === "string" ? def.description : "",
    parameters: def.parameters as ToolDef["parameters"],
    effect: EFFECTS.includes(def.effect as ToolEffect) ? (def.effect as ToolEffect) : undefined,
    paths: typeof def.paths === "function" ? (def.paths as ToolDef["paths"]) : undefined,
    async execute(id, params, signal, onUpdate, _kernelCtx) {
      const result = (await execute(id, params, signal, onUpdate, { ...ctx(), signal })) as Record<string, unknown> | undefined;
      const content = Array.isArray(result?.content) ? result.content : [{ type: "text", text: String(result?.content ?? "") }];
      return { ...result, content } as Awaited<ReturnType<ToolDef["execute"]>>;
    },
  } as ToolDef;
}
