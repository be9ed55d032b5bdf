// Google Gemini's streamGenerateContent over SSE. Plain fetch rather than the SDK: nothing to
// load at start-up, and full control of SSE parsing, aborts, retries and faults. Setup only
// registers; the streaming code loads on the first request.
import { definePlugin } from "pi-kernel";
import { registerLazyProvider } from "../../lib/provider-kit/index.js";

export default definePlugin({
  name: "provider-google",
  uses: ["models"],
  setup(api) {
    registerLazyProvider(api, "google-generative-ai", async () => (await import("./stream.js")).geminiWire);
    // Gemini CLI and Antigravity sign-ins (/login): Google's Cloud Code Assist endpoint.
    registerLazyProvider(api, "google-gemini-cli", async () => (await import("./cloud-code.js")).cloudCodeWire);
  },
});
