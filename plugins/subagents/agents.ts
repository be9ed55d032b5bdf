// An agent definition: a markdown file with YAML frontmatter (pi's subagent format, and a few
// more fields). The body is the agent's instructions, appended to the child's system prompt.
//
//   ---
//   name: scout
//   description: Fast codebase recon
//   tools: read, grep, find, ls        (or a YAML list; default: the tools active by default)
//   model: small                       (provider/id, a pattern, or a model role; default: the parent's)
//   thinking: low                      (off … xhigh; default: the parent's level)
//   packages: [npm:pi-foo, ./tools]    (packages only this agent loads, as -e takes them)
//   ---
//   You are a scout. …
import { basename } from "node:path";
import type { ThinkingLevel } from "pi-kernel";

export interface AgentDef {
  name: string;
  description: string;
  tools?: string[];
  model?: string;
  thinking?: ThinkingLevel;
  packages?: string[];
  /** The body: instructions appended to the child's system prompt. */
  instructions: string;
  filePath: string;
  source: "user" | "project";
}

const LEVELS: readonly string[] = ["off", "minimal", "low", "medium", "high", "xhigh"];
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export interface CheckedAgent {
  agent?: AgentDef;
  problems: string[];
}

/** Reads one file's frontmatter and body; only a missing description keeps the agent out. */
export function checkAgent(data: Record<string, unknown>, body: string, filePath: string, source: AgentDef["source"]): CheckedAgent {
  const problems: string[] = [];
  const name = typeof data.name === "string" && data.name.trim() ? data.name.trim() : basename(filePath).replace(/\.md$/i, "");
  if (!NAME.test(name)) problems.push(`name "${name}" may only hold letters, digits, ".", "_" and "-"`);
  const description = typeof data.description === "string" ? data.description.trim() : "";
  if (!description) problems.push("description is required (it is how the model picks the agent)");
  const thinkingValue = data.thinking ?? data.thinkingLevel;
  const thinking = typeof thinkingValue === "string" && LEVELS.includes(thinkingValue) ? (thinkingValue as ThinkingLevel) : undefined;
  if (thinkingValue !== undefined && !thinking) problems.push(`thinking must be one of ${LEVELS.join(", ")}`);
  // Claude Code's agents say `model: inherit` for the parent's model (our default when none is given).
  const model = typeof data.model === "string" && data.model.trim() && data.model.trim() !== "inherit" ? data.model.trim() : undefined;
  if (data.model !== undefined && !model) problems.push("model must be text (provider/id, a pattern, or a role)");
  if (!description || !NAME.test(name)) return { problems };
  return {
    agent: {
      name,
      description,
      tools: list(data.tools)?.map(toolName),
      model,
      thinking,
      packages: list(data.packages),
      instructions: body,
      filePath,
      source,
    },
    problems,
  };
}

/**
 * A tool as Claude Code's agents name it (`Read`, `Bash(git:*)`) in our spelling (`read`, `bash`):
 * the first letter lower-cased and a permission pattern dropped; our own names pass unchanged.
 */
function toolName(name: string): string {
  const bare = name.replace(/\(.*\)$/, "");
  return /^[A-Z][a-z]+$/.test(bare) ? bare.toLowerCase() : bare;
}

/** `read, grep` or a YAML list; anything else gives nothing. */
function list(value: unknown): string[] | undefined {
  const raw = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [];
  const items = raw
    .filter((t): t is string => typeof t === "string")
    .map((t) => t.trim())
    .filter(Boolean);
  return items.length > 0 ? items : undefined;
}
