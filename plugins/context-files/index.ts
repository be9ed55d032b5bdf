// Project instructions in the system prompt: AGENTS.md / CLAUDE.md from the agent dir and from
// every directory between the filesystem root and the cwd (appended as "# Project Context"), and
// SYSTEM.md / APPEND_SYSTEM.md, which the system-prompt plugin takes through the "prompt-files"
// service (its --system-prompt and --append-system-prompt flags win over them).
//
// Every file is re-read on each request through a stat-keyed cache, so an edit to AGENTS.md reaches
// the next request with no command typed, and an unchanged file costs one stat.
import { definePlugin, Stage } from "pi-kernel";
import { isTrusted } from "../../lib/packages/index.js";
import { FileCache } from "./file-cache.js";
import { formatProjectContext, PromptSources } from "./sources.js";

export type { ContextFile } from "./sources.js";

export default definePlugin({
  name: "context-files",
  provides: ["prompt-files"],
  setup(api) {
    const reported = new Set<string>();
    const warn = (path: string, message: string) => {
      const key = `${path}\n${message}`;
      if (reported.has(key)) return;
      reported.add(key);
      api.diagnose({ level: "warning", where: path, message: `Could not read ${path}: ${message}` });
    };
    const sources = new PromptSources(new FileCache(), api.agentDir, warn, (cwd) => isTrusted(api.agentDir, cwd));
    api.services.provide("prompt-files", sources);
    if (api.flags.contextFiles === false) return; // -nc / --no-context-files
    // NORMAL: after the base prompt and its appended text (EARLY), before skills (LATE) and the
    // date and cwd that close the prompt.
    api.on("systemPrompt", async (prompt, ctx) => prompt + formatProjectContext(await sources.contextFiles(ctx.cwd)), {
      stage: Stage.NORMAL,
    });
  },
});
