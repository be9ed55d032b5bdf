// The user's own shell commands (`!cmd` in the UI, RPC `bash`): run one at a time in the session
// cwd with the same runner as the bash tool (own process group, tail truncation, full output
// spilled to a 0600 file), then join the conversation as a bashExecution message that the model
// sees on its next request, unless excluded (`!!cmd`). Other plugins may intercept a command
// first (`intercept`, pi's user_bash): answer with a result, or with operations that run it.
// Commands run without provider keys in their environment unless `shell.passProviderKeys`, and
// inside the "shellSandbox" service's sandbox when a plugin provides one.
import { definePlugin } from "pi-kernel";
import { bashText } from "../../lib/session-kit/index.js";
import { UserBash } from "./user-bash.js";

export type { BashOperations, BashResult, Interception, Interceptor, RunOptions } from "./user-bash.js";

export default definePlugin({
  name: "user-bash",
  provides: ["userBash"],
  uses: ["models", "shellSandbox", "shellJobs"],
  setup(api) {
    api.services.provide("userBash", new UserBash(api));
    // Most contexts hold no shell command: look before copying (a 100,000-message history made
    // 100,000 one-element arrays here on every request, ~40 ms and their GC).
    api.on("context", (messages) =>
      messages.some((m) => m.role === "bashExecution")
        ? messages.flatMap((m) => {
            if (m.role !== "bashExecution") return [m];
            const r = m as Record<string, unknown>;
            return r.excludeFromContext ? [] : [{ role: "user" as const, content: bashText(r), timestamp: m.timestamp }];
          })
        : messages,
    );
  },
});
