// The system prompt's frame: the base (the default prompt, or --system-prompt, or SYSTEM.md), the
// appended text (--append-system-prompt, or APPEND_SYSTEM.md), and last the date and cwd. Other
// plugins fill in between: project context files (Stages.NORMAL), skills (Stages.LATE).
// SYSTEM.md and APPEND_SYSTEM.md come from the "prompt-files" service when a plugin provides it
// (context-files does); the command-line flags override them, as in pi.
import { definePlugin, type PluginApi, type SystemPromptContext } from "pi-kernel";
import { basePrompt } from "./base-prompt.js";
import { appendValues, textOrFile } from "./prompt-input.js";
import { readmePath } from "./readme-path.js";
import { Stages } from "../../contracts/stages.js";

/** The part of the "prompt-files" service this plugin uses. */
interface PromptFiles {
  systemPrompt(cwd: string): Promise<string | undefined>;
  appendSystemPrompt(cwd: string): Promise<string | undefined>;
}

export default definePlugin({
  name: "system-prompt",
  uses: ["prompt-files"],
  setup(api) {
    // Flag files are read on first use, not at start-up.
    let flags: { custom?: string; appended: string[] } | undefined;
    const fromFlags = () =>
      (flags ??= {
        custom: textOrFile(api.flags.systemPrompt, api.cwd),
        appended: appendValues(api.flags.appendSystemPrompt, api.cwd),
      });
    api.on(
      "systemPrompt",
      async (_prompt, ctx) => {
        const { custom, appended } = fromFlags();
        const files = promptFiles(api);
        const base = custom ?? (await files?.systemPrompt(ctx.cwd)) ?? basePrompt(ctx, readmePath());
        const append = appended.length ? appended : [await files?.appendSystemPrompt(ctx.cwd)].filter((t): t is string => !!t);
        return [base, ...append].join("\n\n");
      },
      { stage: Stages.EARLY },
    );
    // Date and cwd close the prompt, after everything other plugins appended.
    api.on(
      "systemPrompt",
      (prompt, ctx: SystemPromptContext) => `${prompt}\nCurrent date: ${today()}\nCurrent working directory: ${ctx.cwd}`,
      { stage: Stages.PROMPT_TAIL },
    );
  },
});

function promptFiles(api: PluginApi): PromptFiles | undefined {
  return api.services.get("prompt-files");
}

/** The local date, as pi prints it (YYYY-MM-DD). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}
