// Chat completions for OpenAI and the many servers that speak its wire format (vLLM, llama.cpp,
// Ollama, OpenRouter, ...). Setup only registers; the streaming code loads on the first request.
import { definePlugin } from "pi-kernel";
import type { AssistantMessageEvent, LlmContext, Model, PluginApi, StreamOptions } from "pi-kernel";

/** The part of the models service this plugin uses (plugins never import each other). */
interface ApiKeys { apiKey(model: Model): Promise<string | undefined> }

export default definePlugin({
  name: "provider-openai-completions",
  setup(api) {
    api.register.provider({ api: "openai-completions", stream: (model, context, options) => stream(api, model, context, options) });
  },
});

async function* stream(api: PluginApi, model: Model, context: LlmContext, options: StreamOptions): AsyncGenerator<AssistantMessageEvent> {
  let impl: typeof import("./stream.js");
  try {
    impl = await import("./stream.js");
  } catch (error) {
    yield loadFailure(model, error);
    return;
  }
  const resolveApiKey = async (m: Model) => (api.services.has("models") ? api.services.use<ApiKeys>("models").apiKey(m) : undefined);
  yield* impl.streamChatCompletions(model, context, options, { resolveApiKey });
}

// Keeps the "a stream never throws" promise even if the lazily loaded code cannot load.
function loadFailure(model: Model, error: unknown): AssistantMessageEvent {
  const zero = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  return {
    type: "error",
    reason: "error",
    error: {
      role: "assistant", content: [], api: model.api, provider: model.provider, model: model.id,
      usage: { ...zero, totalTokens: 0, cost: { ...zero, total: 0 } }, stopReason: "error",
      errorMessage: `provider-openai-completions could not load: ${error instanceof Error ? error.message : String(error)}`,
      timestamp: Date.now(),
    },
  };
}
