// pi's sessions: tree-structured, append-only JSONL files (format v3), resumed with -c, -r,
// --session and --fork, provided to other plugins as the "sessions" service. Compaction is run
// from here (the "compaction" service and /compact); strategies are separate plugins.
import { definePlugin, Stage } from "pi-kernel";
import { convertToLlm } from "../../lib/session-kit/index.js";
import { CompactionRunner } from "./compaction-runner.js";
import { SessionController } from "./controller.js";
import { sessionDirFor, sessionsRoot } from "./format/paths.js";
import { createService } from "./service.js";
import { startSession } from "./startup.js";

export default definePlugin({
  name: "session-jsonl",
  uses: ["models", "ui"],
  provides: ["sessions", "compaction"],
  after: ["models"],
  setup(api) {
    const where = {
      dir: sessionDirFor({
        agentDir: api.agentDir,
        cwd: api.cwd,
        flag: api.flags.sessionDir,
        env: process.env.PI_CODING_AGENT_SESSION_DIR,
        setting: api.settings.sessionDir,
      }),
      root: sessionsRoot(api.agentDir),
      persist: api.flags.session !== false,
    };
    const c = new SessionController(api, where);
    const compaction = new CompactionRunner(api, c);
    api.services.provide("sessions", createService(api, c));
    api.services.provide("compaction", compaction);
    api.on("boot", async (ctx) => {
      if (ctx.reason === "reload" && c.state) return;
      await startSession(api, c);
    });
    api.on("event", (e) => {
      c.onEvent(e);
      compaction.onEvent(e);
    });
    // Compaction may call an LLM before the request goes out, so this tap has no time limit.
    api.on("context", (messages) => compaction.beforeRequest(messages), { stage: Stage.EARLY, timeoutMs: 0 });
    // The session-only message kinds reach the model as user text (pi's convertToLlm).
    api.on("context", (messages) => convertToLlm(messages), { stage: Stage.LATE });
    api.register.command({
      name: "compact",
      description: "Summarise older messages to free context (optional: what the summary should focus on)",
      argumentHint: "[instructions]",
      source: "builtin",
      handler: async (args) => {
        const entry = await compaction.compact(args.trim() || undefined);
        return `Compacted the conversation (${entry.tokensBefore.toLocaleString("en")} tokens before); kept from entry ${entry.firstKeptEntryId}.`;
      },
    });
    api.on("shutdown", (reason) => {
      if (reason !== "reload" && reason !== "superseded" && reason !== "startup") c.release();
    });
  },
});
