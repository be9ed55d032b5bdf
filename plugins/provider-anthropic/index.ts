// Anthropic's messages API over SSE. Plain fetch rather than the SDK: nothing to load at start-up,
// and full control of SSE parsing, aborts, retries and faults. Setup only registers; the
// streaming code loads on the first request.
import { definePlugin } from "pi-kernel";
import { registerLazyProvider } from "../../lib/provider-kit/index.js";

export default definePlugin({
  name: "provider-anthropic",
  uses: ["models"],
  setup(api) {
    registerLazyProvider(api, "anthropic-messages", async () => (await import("./stream.js")).anthropicWire);
  },
});
