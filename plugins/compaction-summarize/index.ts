// The default compaction strategy (pi's): an LLM writes a structured summary of what is cut
// away, updating the previous summary when there is one; a turn split by the cut gets its own
// short summary; the files read and modified so far are listed after it.
import { definePlugin, type PluginApi } from "pi-kernel";
import { complete, formatFileLists, serializeConversation } from "../../lib/session-kit/index.js";
import type { CompactionOutcome, CompactionRequest } from "../../contracts/compaction.js";
import { INITIAL_PROMPT, SYSTEM_PROMPT, TURN_PREFIX_PROMPT, UPDATE_PROMPT, summaryRequest } from "./prompts.js";

export default definePlugin({
  name: "compaction-summarize",
  // The summary request asks "models" for the provider's key (lib/session-kit's complete).
  uses: ["models"],
  setup(api) {
    api.register.compactor({
      name: "summarize",
      description: "an LLM summary of the older messages (pi's default)",
      compact: (request: CompactionRequest) => summarize(api, request),
    });
  },
});

async function summarize(api: PluginApi, r: CompactionRequest): Promise<CompactionOutcome> {
  const { preparation: p, model } = r;
  if (!model) throw new Error("no model selected to write the summary");
  const call = (text: string, maxTokens: number) =>
    complete(api, { model, systemPrompt: SYSTEM_PROMPT, text, maxTokens, thinkingLevel: r.thinkingLevel, signal: r.signal });
  const reserve = p.settings.reserveTokens;
  const history =
    p.messagesToSummarize.length > 0 || !p.isSplitTurn
      ? call(
          summaryRequest(
            serializeConversation(p.messagesToSummarize),
            p.previousSummary ? UPDATE_PROMPT : INITIAL_PROMPT,
            p.previousSummary,
            r.customInstructions,
          ),
          Math.floor(0.8 * reserve),
        )
      : Promise.resolve(p.previousSummary ?? "No prior history.");
  const prefix = p.isSplitTurn
    ? call(summaryRequest(serializeConversation(p.turnPrefixMessages), TURN_PREFIX_PROMPT), Math.floor(0.5 * reserve))
    : undefined;
  const [main, turn] = await Promise.all([history, prefix]);
  let summary = main;
  if (turn) summary += `\n\n---\n\n**Turn Context (split turn):**\n\n${turn}`;
  summary += formatFileLists(p.files);
  return { summary, details: p.files };
}
