// The default base prompt: who the agent is, the active tools, short guidelines and where its own
// documentation is. Kept small on purpose: every request pays for it.
import type { SystemPromptContext } from "pi-kernel";

export function basePrompt(ctx: SystemPromptContext, readmePath: string | undefined): string {
  const tools = ctx.tools.filter((t) => t.promptSnippet).map((t) => `- ${t.name}: ${snippetText(t.name, t.promptSnippet!)}`);
  const sections = [
    "You are an expert coding assistant operating inside pi-kernel, a coding agent harness. You help users by reading files, executing commands, editing code, and writing new files.",
    `Available tools:\n${tools.length ? tools.join("\n") : "(none)"}`,
    "In addition to the tools above, you may have access to other custom tools depending on the project.",
    `Guidelines:\n${guidelines(ctx)
      .map((g) => `- ${g}`)
      .join("\n")}`,
  ];
  if (readmePath)
    sections.push(
      `pi-kernel documentation (read only when the user asks about pi-kernel itself, its plugins, settings or tools): ${readmePath}`,
    );
  return sections.join("\n\n");
}

/** pi's guidelines: which exploration tool to prefer, the tools' own, then the standing two. */
function guidelines(ctx: SystemPromptContext): string[] {
  const names = new Set(ctx.tools.map((t) => t.name));
  const explore = ["grep", "find", "ls"].some((n) => names.has(n));
  const list: string[] = [];
  if (names.has("bash") && !explore) list.push("Use bash for file operations like ls, rg, find");
  if (names.has("bash") && explore) list.push("Prefer grep/find/ls tools over bash for file exploration (faster, respects .gitignore)");
  for (const tool of ctx.tools) for (const g of tool.promptGuidelines ?? []) list.push(g.trim());
  list.push("Be concise in your responses", "Show file paths clearly when working with files");
  return [...new Set(list.filter(Boolean))];
}

/** Snippets may repeat the tool's name ("read: ..."); the list already shows it. */
function snippetText(name: string, snippet: string): string {
  return snippet.startsWith(`${name}: `) ? snippet.slice(name.length + 2) : snippet;
}
