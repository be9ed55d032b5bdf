// The base system prompt: a short identity, the active tools, a few guidelines, then (last) the
// date and working directory. It taps early so other plugins (context files, skills) append.
// --system-prompt replaces the base text; --append-system-prompt adds to it (text or a file).
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { definePlugin, Stage, type SystemPromptContext } from "pi-kernel";

export default definePlugin({
  name: "system-prompt",
  setup(api) {
    const custom = textOrFile(api.flags.systemPrompt, api.cwd);
    const appended = ([] as unknown[]).concat(api.flags.appendSystemPrompt ?? []).map((v) => textOrFile(v, api.cwd)).filter(Boolean);
    api.on("systemPrompt", (_prompt, ctx) => [custom ?? basePrompt(ctx), ...appended].join("\n\n"), { stage: Stage.EARLY });
    // Date and cwd close the prompt, after everything other plugins appended.
    api.on("systemPrompt", (prompt, ctx) => `${prompt}\nCurrent date: ${today()}\nCurrent working directory: ${ctx.cwd}`, { stage: Stage.LATE + 1000 });
  },
});

function basePrompt(ctx: SystemPromptContext): string {
  const tools = ctx.tools.filter((t) => t.promptSnippet).map((t) => `- ${t.name}: ${t.promptSnippet}`);
  const names = new Set(ctx.tools.map((t) => t.name));
  const guidelines = [
    names.has("bash") && !names.has("grep") ? "Use bash for file operations like ls, rg and find." : undefined,
    names.has("read") && names.has("edit") ? "Read a file before you edit it; edit with exact text from the file." : undefined,
    ...ctx.tools.flatMap((t) => t.promptGuidelines ?? []),
    "Be concise in your responses.",
    "Show file paths clearly when working with files.",
  ].filter(Boolean);
  return [
    "You are an expert coding assistant operating inside pi-kernel, a coding agent harness. You help users by reading files, executing commands, editing code, and writing new files.",
    tools.length ? `Available tools:\n${tools.join("\n")}` : "No tools are available in this session.",
    "You may also have access to other custom tools, depending on the project.",
    `Guidelines:\n${guidelines.map((g) => `- ${g}`).join("\n")}`,
  ].join("\n\n");
}

function textOrFile(value: unknown, cwd: string): string | undefined {
  if (typeof value !== "string" || !value) return undefined;
  const path = resolve(cwd, value);
  return value.length < 4096 && existsSync(path) ? readFileSync(path, "utf8").trim() : value;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}
