// A summary of the branch being left by /tree, so the model knows what was tried there: the
// entries from the old leaf back to where the paths meet, summarised by the current model.
import type { AgentMessage, PluginApi } from "pi-kernel";
import type { SessionEntry } from "../../contracts/session-entries.js";
import { serializeConversation } from "./compaction/serialize.js";
import { entryMessage } from "./convert.js";
import { complete } from "./llm.js";

export const BRANCH_PREFIX = "The user explored a different conversation branch before returning here.\nSummary of that exploration:\n\n";

const SYSTEM =
  "You are a context summarization assistant. You read part of a conversation between a user and an AI coding assistant and summarize it. Do NOT continue the conversation; only write the summary in the requested format.";

const PROMPT = `The conversation above is a branch the user is leaving. Summarize it so the work can continue elsewhere:

## Goal
[What was being attempted]

## Constraints & Preferences
- [What the user required or preferred]

## Progress
### Done
- [x] [What was completed]

## Key Decisions
- **[Decision]**: [why]

## Next Steps
1. [What would have come next]`;

/** Entries on `from` that are not on `to` (the branch being left), oldest first. */
export function abandoned(from: SessionEntry[], to: SessionEntry[]): SessionEntry[] {
  const onTarget = new Set(to.map((e) => e.id));
  let i = from.length;
  while (i > 0 && !onTarget.has(from[i - 1].id)) i--;
  return from.slice(i);
}

/** `focus` adds to the instructions, or replaces them with `replace` (pi's replaceInstructions). */
export async function summarizeBranch(
  api: PluginApi,
  entries: SessionEntry[],
  focus?: string,
  replace = false,
  signal = new AbortController().signal,
): Promise<string | undefined> {
  const messages = entries.map(entryMessage).filter((m): m is AgentMessage => m !== undefined);
  if (messages.length === 0) return undefined;
  const model = api.agent.model;
  if (!model) throw new Error("no model selected to summarize the branch");
  const conversation = `<conversation>\n${serializeConversation(messages)}\n</conversation>\n\n`;
  const text = focus && replace ? conversation + focus : `${conversation}${PROMPT}${focus ? `\n\nAdditional focus: ${focus}` : ""}`;
  const summary = await complete(api, {
    model,
    systemPrompt: SYSTEM,
    text,
    maxTokens: 2048,
    thinkingLevel: api.agent.thinkingLevel,
    signal,
  });
  return BRANCH_PREFIX + summary;
}
