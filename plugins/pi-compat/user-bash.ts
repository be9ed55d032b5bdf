// pi's user_bash: before the user's `!cmd` / `!!cmd` runs (UI or RPC), handlers may answer with
// `{result}` (the command is not run; that result is recorded) or `{operations}` (the command
// runs through them, e.g. on another machine). The first handler that answers wins.
import type { PluginApi } from "pi-kernel";
import { createContext } from "./context.js";
import type { Runtime } from "./runtime.js";
import type { BashResult, Interception } from "../../contracts/index.js";

export function mapUserBash(rt: Runtime, api: PluginApi): void {
  const bash = api.services.get("userBash");
  if (!bash?.intercept) return;
  api.onDispose(
    bash.intercept(async (e) => {
      let answer: Interception;
      await rt.handlers.each(
        { type: "user_bash", ...e },
        (entry) => createContext(rt, entry.api),
        (o) => {
          const r = o.ok ? (o.value as Record<string, unknown> | undefined) : undefined;
          if (r?.result && typeof r.result === "object") answer = { result: normalize(r.result as Partial<BashResult>) };
          else if (r?.operations && typeof (r.operations as { exec?: unknown }).exec === "function")
            answer = { operations: r.operations as never };
          return answer !== undefined;
        },
      );
      return answer;
    }),
  );
}

/** An extension's result with pi's defaults for what it left out. */
function normalize(r: Partial<BashResult>): BashResult {
  return {
    output: typeof r.output === "string" ? r.output : "",
    exitCode: typeof r.exitCode === "number" ? r.exitCode : r.exitCode === null ? null : 0,
    cancelled: r.cancelled === true,
    truncated: r.truncated === true,
    ...(typeof r.fullOutputPath === "string" && { fullOutputPath: r.fullOutputPath }),
  };
}
