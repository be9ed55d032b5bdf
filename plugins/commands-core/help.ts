// The /help text: every command with its argument hint and description, grouped by source.

const TITLES: Record<string, string> = {
  builtin: "Built-in commands",
  extension: "Extension commands",
  prompt: "Prompt templates",
  skill: "Skills",
};
import type { CommandDef } from "../../contracts/index.js";

export function helpText(commands: CommandDef[], filter = ""): string {
  const f = filter.replace(/^\//, "").toLowerCase();
  const shown = commands.filter((c) => !f || c.name.toLowerCase().includes(f) || c.description?.toLowerCase().includes(f));
  if (shown.length === 0) return f ? `No command matches "${filter}".` : "No commands are available.";
  const heads = shown.map((c) => `/${c.name}${c.argumentHint ? ` ${c.argumentHint}` : ""}`);
  const width = Math.min(40, Math.max(...heads.map((h) => h.length)));
  const groups = new Map<string, string[]>();
  shown.forEach((c, i) => {
    const source = c.source ?? "extension";
    const line = `  ${heads[i].padEnd(width)}  ${c.description ?? ""}`.trimEnd();
    groups.set(source, [...(groups.get(source) ?? []), line]);
  });
  return [...groups].map(([source, lines]) => `${TITLES[source] ?? `Commands from ${source}`}:\n${lines.join("\n")}`).join("\n\n");
}
