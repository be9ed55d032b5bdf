// An LLM-free compaction: the part cut away is kept as a plain transcript, made to fit a token
// budget by dropping tool outputs first, then the oldest turns (and the previous digest before
// them). Cheap and deterministic, at the price of a less readable summary.
import type { AgentMessage } from "pi-kernel";
import { formatFileLists, serializeConversation } from "../../lib/session-kit/index.js";
import type { CompactionPreparation } from "../../contracts/compaction.js";

const HEADING =
  "## Pruned history\nOlder messages were pruned to free context (no LLM summary): tool outputs were dropped first, then the oldest turns.";

/** Tool results shrink to a note of their size; everything else is kept. */
function withoutToolOutputs(messages: readonly AgentMessage[]): AgentMessage[] {
  return messages.map((m) => {
    if (m.role !== "toolResult") return m;
    const size = JSON.stringify((m as { content?: unknown }).content ?? "").length;
    return { ...m, content: [{ type: "text", text: `(output dropped, about ${size} characters)` }] } as AgentMessage;
  });
}

/** Consecutive messages starting at each user message. */
function turns(messages: readonly AgentMessage[]): AgentMessage[][] {
  const out: AgentMessage[][] = [];
  for (const m of messages) {
    if (m.role === "user" || out.length === 0) out.push([m]);
    else out[out.length - 1].push(m);
  }
  return out;
}

const tokens = (text: string) => Math.ceil(text.length / 4);

export function pruneSummary(p: CompactionPreparation, budgetTokens: number): string {
  const all = [...p.messagesToSummarize, ...p.turnPrefixMessages];
  const parts = turns(withoutToolOutputs(all)).map((t) => serializeConversation(t));
  let previous = p.previousSummary;
  let dropped = 0;
  const render = () => {
    const blocks = [HEADING];
    if (previous) blocks.push(`### Earlier history\n${previous}`);
    if (dropped) blocks.push(`(${dropped} older turn${dropped === 1 ? "" : "s"} dropped)`);
    if (parts.length) blocks.push(`### Conversation\n${parts.join("\n\n")}`);
    return blocks.join("\n\n");
  };
  let text = render();
  while (tokens(text) > budgetTokens && (previous || parts.length > 1)) {
    if (previous) previous = undefined;
    else {
      parts.shift();
      dropped++;
    }
    text = render();
  }
  return text + formatFileLists(p.files);
}
