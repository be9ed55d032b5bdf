// What the summariser is told. The section headings are pi's, so summaries read the same
// whichever agent wrote them (and later compactions can update them).

export const SYSTEM_PROMPT = [
  "You are a context summarization assistant. You read a conversation between a user and an AI coding",
  "assistant and write a structured summary that another assistant will use to carry on the work.",
  "Do NOT continue the conversation and do NOT answer questions from it: only write the summary,",
  "in the exact format requested.",
].join("\n");

const SECTIONS = `## Goal
[What the user wants to achieve; several goals as a list]

## Constraints & Preferences
- [Requirements, preferences and limits the user stated, or "(none)"]

## Progress
### Done
- [x] [Finished work]

### In Progress
- [ ] [Work under way]

### Blocked
- [Problems stopping progress, if any]

## Key Decisions
- **[Decision]**: [why it was made]

## Next Steps
1. [What should happen next, in order]

## Critical Context
- [Data, names, paths, error messages or references needed to continue, or "(none)"]`;

export const INITIAL_PROMPT = `The messages above are a conversation to summarize. Write a structured context checkpoint another LLM will use to continue the work.

Use EXACTLY this format:

${SECTIONS}

Be concise. Keep exact file paths, function names and error messages.`;

export const UPDATE_PROMPT = `The messages above are NEW conversation messages to fold into the existing summary given in <previous-summary>.

Update the summary:
- KEEP everything from the previous summary that still holds
- ADD new progress, decisions and context from the new messages
- MOVE items from "In Progress" to "Done" when they were completed
- UPDATE "Next Steps" to match what was achieved
- Keep exact file paths, function names and error messages

Use EXACTLY this format:

${SECTIONS}`;

export const TURN_PREFIX_PROMPT = `This is the FIRST PART of a turn too large to keep whole; its LAST PART is kept as it is. Summarize this first part so the kept part makes sense:

## Original Request
[What the user asked for in this turn]

## Early Progress
- [Decisions and work done in this first part]

## Context for Suffix
- [What is needed to understand the kept part]

Be concise.`;

export function summaryRequest(conversation: string, instructions: string, previous?: string, focus?: string): string {
  let text = `<conversation>\n${conversation}\n</conversation>\n\n`;
  if (previous) text += `<previous-summary>\n${previous}\n</previous-summary>\n\n`;
  text += instructions;
  if (focus) text += `\n\nAdditional focus: ${focus}`;
  return text;
}
