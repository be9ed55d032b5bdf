// What a Claude Pro/Max subscription request must look like: Anthropic serves subscription tokens
// to Claude Code, so pi presents Claude Code's identity (its betas, user agent and the opening line
// of its system prompt) and calls the tools Claude Code also has by Claude Code's names ("read"
// goes out as "Read"). The model then calls them by those names; they are mapped back to ours.
import type { LlmContext } from "pi-kernel";

/** A Claude Pro/Max sign-in's access token (where an API key would be), as pi recognises it. */
export const isOAuthToken = (apiKey: string | undefined): apiKey is string => apiKey?.includes("sk-ant-oat") === true;

// The version of Claude Code whose identity pi presents with subscription tokens.
const CLAUDE_CODE_VERSION = "2.1.75";
export const CLAUDE_CODE_IDENTITY = "You are Claude Code, Anthropic's official CLI for Claude.";

// Claude Code 2.x's own tools, in its casing (the list pi keeps). A tool of ours whose name equals
// one of these but for case is sent under Claude Code's spelling; every other name goes unchanged.
const CLAUDE_CODE_TOOLS = [
  "Read",
  "Write",
  "Edit",
  "Bash",
  "Grep",
  "Glob",
  "AskUserQuestion",
  "EnterPlanMode",
  "ExitPlanMode",
  "KillShell",
  "NotebookEdit",
  "Skill",
  "Task",
  "TaskOutput",
  "TodoWrite",
  "WebFetch",
  "WebSearch",
];
const BY_LOWER = new Map(CLAUDE_CODE_TOOLS.map((name) => [name.toLowerCase(), name]));

/** Our tool name as Claude Code spells it (unchanged when Claude Code has no such tool). */
export const claudeCodeName = (name: string): string => BY_LOWER.get(name.toLowerCase()) ?? name;

/**
 * The tool a called name means: ours whose name matches it but for case (the call came back under
 * Claude Code's spelling), else the name as it came.
 */
export function ourToolName(context: LlmContext): (wireName: string) => string {
  const ours = new Map(context.tools.map((t) => [t.name.toLowerCase(), t.name]));
  return (wireName) => ours.get(wireName.toLowerCase()) ?? wireName;
}

/** The headers Anthropic expects with a subscription token: the OAuth and Claude Code betas, Claude Code's user agent. */
export function claudeCodeHeaders(interleavedThinking: boolean): Record<string, string> {
  const betas = ["claude-code-20250219", "oauth-2025-04-20"];
  if (interleavedThinking) betas.push("interleaved-thinking-2025-05-14");
  return {
    "anthropic-beta": betas.join(","),
    "anthropic-dangerous-direct-browser-access": "true",
    "user-agent": `claude-cli/${CLAUDE_CODE_VERSION}`,
    "x-app": "cli",
  };
}

/**
 * Dresses a request body as Claude Code's: the system prompt opens with its identity (ours
 * follows), and the tools, and the tool calls replayed from earlier turns, carry its names.
 */
export function asClaudeCode(body: Record<string, unknown>): void {
  const system = (body.system as Record<string, unknown>[] | undefined) ?? [];
  // No cache mark of its own: the system block after it caches the whole prefix (the API allows four marks).
  body.system = [{ type: "text", text: CLAUDE_CODE_IDENTITY }, ...system];
  for (const tool of (body.tools as { name: string }[] | undefined) ?? []) tool.name = claudeCodeName(tool.name);
  for (const message of (body.messages as { role: string; content: Record<string, unknown>[] }[] | undefined) ?? []) {
    if (message.role !== "assistant") continue;
    for (const block of message.content) if (block.type === "tool_use") block.name = claudeCodeName(String(block.name));
  }
}
