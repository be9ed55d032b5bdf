// pi-ai's error helpers: thrown values as text, diagnostics attached to assistant messages,
// context-overflow detection, and per-session resource cleanup callbacks.
import type { AssistantMessage } from "../../../kernel/index.js";
import { isContextOverflow as overflowed } from "../../../lib/provider-kit/index.js";

export function formatThrownValue(value: unknown): string {
  if (value instanceof Error) return value.message || value.name;
  return typeof value === "string" ? value : String(value);
}

export function extractDiagnosticError(error: unknown) {
  if (!(error instanceof Error)) return { name: "ThrownValue", message: formatThrownValue(error) };
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name || undefined,
    message: error.message || error.name,
    stack: error.stack,
    code: typeof code === "string" || typeof code === "number" ? code : undefined,
  };
}

export function createAssistantMessageDiagnostic(type: string, error: unknown, details?: Record<string, unknown>) {
  return { type, timestamp: Date.now(), error: extractDiagnosticError(error), details };
}

export function appendAssistantMessageDiagnostic<T extends { diagnostics?: unknown[] }>(message: T, diagnostic: unknown): void {
  message.diagnostics = [...(message.diagnostics ?? []), diagnostic];
}

// The wordings pi recognises (its list), on top of the ones pi-kernel's providers already mark.
const OVERFLOW_PATTERNS = [
  /prompt (?:is )?too long/i,
  /request_too_large/i,
  /input is too long for requested model/i,
  /exceeds the context window/i,
  /exceeds (?:the )?(?:model'?s )?maximum context length/i,
  /input token count.*exceeds the maximum/i,
  /maximum prompt length is \d+/i,
  /reduce the length of the messages/i,
  /maximum context length is \d+ tokens/i,
  /exceeds (?:the )?maximum allowed input length of [\d,]+ tokens?/i,
  /input \(\d+ tokens\) is longer than the model'?s context length/i,
  /exceeds the limit of \d+/i,
  /exceeds the available context size/i,
  /greater than the context length/i,
  /context window exceeds limit/i,
  /exceeded model token limit/i,
  /too large for model with \d+ maximum context length/i,
  /model_context_window_exceeded/i,
  /range of input length should be/i,
  /context[_ ]length[_ ]exceeded/i,
  /too many tokens/i,
  /token limit exceeded/i,
];

export function getOverflowPatterns(): RegExp[] {
  return [...OVERFLOW_PATTERNS];
}

export function isContextOverflow(message: AssistantMessage, contextWindow?: number): boolean {
  if (overflowed(message, contextWindow)) return true;
  return message.stopReason === "error" && OVERFLOW_PATTERNS.some((p) => p.test(message.errorMessage ?? ""));
}

type Cleanup = (sessionId?: string) => void;
const cleanups = new Set<Cleanup>();

/** Registers what to release when a session ends; returns the unregistration. */
export function registerSessionResourceCleanup(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => void cleanups.delete(cleanup);
}

export function cleanupSessionResources(sessionId?: string): void {
  for (const cleanup of [...cleanups]) {
    try {
      cleanup(sessionId);
    } catch {
      // one failing cleanup must not keep the others from running (as in pi)
    }
  }
}
