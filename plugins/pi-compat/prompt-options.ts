// pi's command-context getSystemPromptOptions(): the inputs the base system prompt is built from
// (cwd, the active tools, SYSTEM.md / APPEND_SYSTEM.md or the --system-prompt flags, context
// files, skills). pi answers synchronously; the context files and skills come from services that
// read files, so a snapshot is refreshed whenever the system prompt is built (and on first use)
// and the last one is answered.
import type { PluginApi } from "pi-kernel";
import type { ContextFile, Skill } from "../../contracts/index.js";
import type { Runtime } from "./runtime.js";

export interface PromptOptions {
  cwd: string;
  customPrompt?: string;
  appendSystemPrompt?: string;
  selectedTools: string[];
  toolSnippets: Record<string, string>;
  toolGuidelines: Record<string, string[]>;
  promptGuidelines: string[];
  contextFiles: ContextFile[];
  skills: Skill[];
}

/** The last snapshot, with the tools as they are now. */
export function systemPromptOptions(rt: Runtime, api: PluginApi): PromptOptions {
  if (!rt.promptOptions) void refreshPromptOptions(rt, api);
  const base = rt.promptOptions ?? { cwd: api.cwd, contextFiles: [], skills: [] };
  return { toolSnippets: {}, toolGuidelines: {}, promptGuidelines: [], ...base, selectedTools: api.agent.activeToolNames() };
}

export async function refreshPromptOptions(rt: Runtime, api: PluginApi): Promise<void> {
  const files = api.services.get("prompt-files");
  try {
    const [contextFiles, customPrompt, appendSystemPrompt, skills] = await Promise.all([
      files?.contextFiles(api.cwd) ?? [],
      files?.systemPrompt(api.cwd),
      files?.appendSystemPrompt(api.cwd),
      api.services.get("skills")?.list() ?? [],
    ]);
    rt.promptOptions = {
      cwd: api.cwd,
      contextFiles,
      skills,
      ...(customPrompt && { customPrompt }),
      ...(appendSystemPrompt && { appendSystemPrompt }),
    };
  } catch {
    // A file that cannot be read now is reported by its own plugin; keep the last snapshot.
  }
}
