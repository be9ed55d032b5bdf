// OpenAI's responses API over SSE (reasoning summaries, encrypted reasoning replayed statelessly).
// Plain fetch rather than the SDK: nothing to load at start-up, and full control of SSE parsing,
// aborts, retries and faults. Also serves ChatGPT's Codex endpoint (api "openai-codex-responses").
// Setup only registers; the streaming code loads on the first request.
import { definePlugin } from "pi-kernel";
import { registerLazyProvider } from "../../lib/provider-kit/index.js";

export default definePlugin({
  name: "provider-openai-responses",
  uses: ["models"],
  setup(api) {
    registerLazyProvider(api, "openai-responses", async () => (await import("./stream.js")).responsesWire);
    // ChatGPT Plus/Pro sign-ins (/login): the same wire format at the Codex endpoint.
    registerLazyProvider(api, "openai-codex-responses", async () => (await import("./codex.js")).codexWire);
  },
});
