// The assistant message a provider starts from, or answers with when it fails before any content:
// the model's identity, no content, zero usage. One shape for the assembler, a provider whose code
// cannot load, and pi-ai's stream that fails before a provider runs.
import { type AssistantMessage, emptyUsage, type Model, type StopReason } from "pi-kernel";

export function emptyAssistantMessage(model: Model, stopReason: StopReason, errorMessage?: string): AssistantMessage {
  return {
    role: "assistant",
    content: [],
    api: model.api,
    provider: model.provider,
    model: model.id,
    usage: emptyUsage(),
    stopReason,
    ...(errorMessage === undefined ? {} : { errorMessage }),
    timestamp: Date.now(),
  };
}
