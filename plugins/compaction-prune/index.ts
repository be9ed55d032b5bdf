// The second compaction strategy, chosen with `"compaction": {"strategy": "prune"}`: no LLM call;
// see prune.ts. It shows strategies are plugins the session's compaction runner picks by name.
import { definePlugin } from "pi-kernel";
import type { CompactionRequest } from "../../contracts/compaction.js";
import { pruneSummary } from "./prune.js";

export default definePlugin({
  name: "compaction-prune",
  setup(api) {
    api.register.compactor({
      name: "prune",
      description: "no LLM: drop old tool outputs, then old turns",
      compact: async ({ preparation }: CompactionRequest) => ({
        summary: pruneSummary(preparation, Math.floor(0.8 * preparation.settings.reserveTokens)),
        details: preparation.files,
      }),
    });
  },
});
