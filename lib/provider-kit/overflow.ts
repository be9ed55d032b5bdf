// Context overflow: the request did not fit the model's context window. It is never retried as
// a transient error; compaction acts on it instead. Providers put OVERFLOW_MARKER at the start of
// errorMessage; `isContextOverflow` also recognises the raw wording of each API, so messages
// written by older code or other plugins are detected too.
import type { AssistantMessage } from "pi-kernel";

export const OVERFLOW_MARKER = "Context overflow: ";

// What each API says when the prompt is too long. Checked case-insensitively.
const PATTERNS: RegExp[] = [
  /prompt is too long/i, // Anthropic: "prompt is too long: 213462 tokens > 200000 maximum"
  /exceeds the context window/i, // OpenAI responses: "Your input exceeds the context window of this model"
  /maximum context length/i, // OpenAI chat, OpenRouter, vLLM, DeepSeek: "This model's maximum context length is N tokens"
  /context_length_exceeded/i, // OpenAI error code
  /input token count.*exceeds the maximum/i, // Google: "The input token count (N) exceeds the maximum number of tokens allowed (M)"
  /maximum prompt length/i, // xAI: "This model's maximum prompt length is N but the request contains M tokens"
  /reduce the length of the messages/i, // Groq
  /exceeds? the available context size/i, // llama.cpp server
  /greater than the context length/i, // LM Studio
  /too large for model with \d+ maximum context length/i, // Mistral
  /context (?:length|window) (?:exceeded|is exceeded)/i, // Ollama and others
  /prompt too long/i,
];

/** Whether an API error text means "the context does not fit". */
export function looksLikeOverflow(text: string, status?: number): boolean {
  if (status === 413) return true;
  if (status === 429) return false; // "Request too large ... tokens per min" is a rate limit
  return PATTERNS.some((p) => p.test(text));
}

/**
 * True for an assistant message (or its errorMessage) that failed because the context did not
 * fit: errorMessage starts with "Context overflow: " or matches a known API wording. With
 * `contextWindow`, a successful reply whose input alone exceeds the window (servers that silently
 * truncate) counts as well.
 */
export function isContextOverflow(message: AssistantMessage | string | undefined, contextWindow?: number): boolean {
  if (message === undefined) return false;
  if (typeof message === "string") return message.startsWith(OVERFLOW_MARKER) || looksLikeOverflow(message);
  if (message.stopReason === "error") return isContextOverflow(message.errorMessage ?? "");
  if (message.stopReason === "stop" && contextWindow) return message.usage.input + message.usage.cacheRead > contextWindow;
  return false;
}
