// pi's session_before_compact: an extension may cancel a compaction or supply its own summary.
// Compaction strategies are compactors in the registry, picked by name; once an extension listens
// to this event, each strategy is wrapped under its own name so the handlers run first.
import type { PluginApi } from "pi-kernel";
import type { CompactionOutcome, CompactionRequest, CompactorDef } from "../../contracts/compaction.js";
import { createContext } from "./context.js";
import type { Runtime } from "./runtime.js";

export function wrapCompactors(rt: Runtime, api: PluginApi): void {
  for (const original of api.registry.list("compactor") as unknown as CompactorDef[]) {
    if ((original as { piCompat?: boolean }).piCompat) continue;
    const wrapped = {
      name: original.name,
      description: original.description,
      piCompat: true,
      compact: (request: CompactionRequest) => beforeCompact(rt, request, () => original.compact(request)),
    };
    api.register.compactor(wrapped);
  }
}

async function beforeCompact(
  rt: Runtime,
  request: CompactionRequest,
  fallback: () => Promise<CompactionOutcome>,
): Promise<CompactionOutcome> {
  let outcome: CompactionOutcome | undefined;
  let cancelledBy: string | undefined;
  const event = {
    type: "session_before_compact",
    preparation: request.preparation,
    customInstructions: request.customInstructions,
    signal: request.signal,
  };
  await rt.handlers.each(
    event,
    (e) => createContext(rt, e.api),
    (o, entry) => {
      const r = o.ok ? (o.value as { cancel?: boolean; compaction?: { summary?: unknown; details?: unknown } } | undefined) : undefined;
      if (r?.cancel) cancelledBy = entry.ext;
      else if (typeof r?.compaction?.summary === "string") outcome = { summary: r.compaction.summary, details: r.compaction.details };
      return cancelledBy !== undefined || outcome !== undefined;
    },
  );
  if (cancelledBy) throw new Error(`compaction cancelled by extension ${cancelledBy}`);
  return outcome ?? fallback();
}
