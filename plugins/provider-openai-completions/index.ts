// Chat completions for OpenAI and the many servers that speak its wire format (vLLM, llama.cpp,
// Ollama, OpenRouter, ...). Plain fetch rather than an SDK: nothing to load at start-up, and full
// control of SSE parsing, aborts, retries and faults. Setup only registers; the streaming code
// loads on the first request.
import { definePlugin } from "pi-kernel";
import { registerLazyProvider } from "../../lib/provider-kit/index.js";

export default definePlugin({
  name: "provider-openai-completions",
  uses: ["models"],
  setup(api) {
    registerLazyProvider(api, "openai-completions", async () => (await import("./stream.js")).chatCompletionsWire);
  },
});
