// Caps what an MCP tool result puts in front of the model, as Claude Code does: about 25,000
// tokens (env MAX_MCP_OUTPUT_TOKENS, else setting `mcp.maxOutputTokens`). A 30 MB result would
// otherwise go to the model whole and into the session file. Tokens are estimated as elsewhere
// here (lib/session-kit's rule): characters / 4, an image about 1,200. A longer result keeps its
// first part and images that fit; its whole text goes to a private temp file (0600, as the bash
// tool spills long output) that the notice names, so the model can read or grep it.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ToolResult } from "pi-kernel";
import { randomBytes } from "../../lib/tool-kit/index.js";

export const DEFAULT_MAX_OUTPUT_TOKENS = 25_000;
const CHARS_PER_TOKEN = 4;
const IMAGE_TOKENS = 1_200;
/** Room kept for the notice itself. */
const NOTICE_TOKENS = 100;

export interface OutputCap {
  maxTokens: number;
  /** Where full outputs go (the system's temp folder unless a test says otherwise). */
  dir?: string;
}

/** The cap from the environment, else the settings, else the default; nonsense falls back. */
export function outputCap(env: NodeJS.ProcessEnv, settings: unknown): OutputCap {
  const fromEnv = Number(env.MAX_MCP_OUTPUT_TOKENS);
  if (env.MAX_MCP_OUTPUT_TOKENS && Number.isFinite(fromEnv) && fromEnv > 0) return { maxTokens: Math.floor(fromEnv) };
  const fromSettings = (settings as { maxOutputTokens?: unknown } | undefined)?.maxOutputTokens;
  if (typeof fromSettings === "number" && fromSettings > 0) return { maxTokens: Math.floor(fromSettings) };
  return { maxTokens: DEFAULT_MAX_OUTPUT_TOKENS };
}

type Block = ToolResult["content"][number];

export function resultTokens(content: Block[]): number {
  let tokens = 0;
  for (const b of content) tokens += b.type === "text" ? Math.ceil(b.text.length / CHARS_PER_TOKEN) : IMAGE_TOKENS;
  return tokens;
}

/** The result as is when it fits the cap; else its first part, what images fit, and a notice naming the file with all of it. */
export function capOutput(result: ToolResult, cap: OutputCap): ToolResult {
  const total = resultTokens(result.content);
  if (total <= cap.maxTokens) return result;
  let budget = Math.max(cap.maxTokens - NOTICE_TOKENS, 0);
  const kept: Block[] = [];
  let imagesLeft = 0;
  for (const b of result.content) {
    if (b.type !== "text") {
      if (budget >= IMAGE_TOKENS) kept.push(b), (budget -= IMAGE_TOKENS);
      else imagesLeft++;
      continue;
    }
    const text = b.text.slice(0, budget * CHARS_PER_TOKEN);
    if (text) kept.push({ type: "text", text });
    budget -= Math.ceil(text.length / CHARS_PER_TOKEN);
  }
  const fullText = result.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
  const saved = save(fullText, cap.dir ?? tmpdir());
  const where =
    "file" in saved
      ? `the full output (${fullText.length} characters) is in ${saved.file}; read it with the read tool (offset and limit) or search it with grep`
      : `the full output could not be saved (${saved.error})`;
  const images = imagesLeft ? `; ${imagesLeft} image${imagesLeft === 1 ? "" : "s"} left out` : "";
  const over = total - cap.maxTokens;
  kept.push({ type: "text", text: `\n\n[output truncated: ${over} tokens over the limit of ${cap.maxTokens}${images}; ${where}]` });
  return { ...result, content: kept };
}

function save(text: string, dir: string): { file: string } | { error: string } {
  const file = join(dir, `pi-mcp-${randomBytes(8).toString("hex")}.txt`);
  try {
    writeFileSync(file, text, { flag: "wx", mode: 0o600 });
    return { file };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
