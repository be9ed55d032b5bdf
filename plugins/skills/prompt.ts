// What the model sees of skills: pi's <available_skills> block (name, description, location),
// and pi's wrapper when the user runs /skill:name.
import type { Skill } from "./validate.js";

export function skillsBlock(skills: Skill[]): string {
  const visible = skills.filter((s) => !s.disableModelInvocation);
  if (visible.length === 0) return "";
  const entries = visible.flatMap((s) => [
    "  <skill>",
    `    <name>${xml(s.name)}</name>`,
    `    <description>${xml(s.description)}</description>`,
    `    <location>${xml(s.filePath)}</location>`,
    "  </skill>",
  ]);
  return [
    "\n\nThe following skills provide specialized instructions for specific tasks.",
    "Use the read tool to load a skill's file when the task matches its description.",
    "When a skill file references a relative path, resolve it against the skill directory (parent of SKILL.md / dirname of the path) and use that absolute path in tool commands.",
    "",
    "<available_skills>",
    ...entries,
    "</available_skills>",
  ].join("\n");
}

/** `/skill:name args`: the skill's body (without frontmatter) in pi's wrapper, then the args. */
export function skillInvocation(skill: Skill, body: string, args: string): string {
  const block = `<skill name="${skill.name}" location="${skill.filePath}">\nReferences are relative to ${skill.baseDir}.\n\n${body.trim()}\n</skill>`;
  return args ? `${block}\n\n${args}` : block;
}

function xml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}
