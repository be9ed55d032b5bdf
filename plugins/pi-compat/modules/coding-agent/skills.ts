// pi's skill helpers: load SKILL.md files (and, at a skills folder's top level, other .md files
// with a description) from folders, honouring ignore files, skipping dot folders and
// node_modules; the first skill of a name wins. formatSkillsForPrompt writes the
// <available_skills> block pi puts in the system prompt.
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import ignore, { type Ignore } from "ignore";
import { addIgnoreRules, relPosix } from "../../../../lib/resource-kit/index.js";
import { parseFrontmatter } from "../frontmatter.js";
import { CONFIG_DIR_NAME, getAgentDir } from "./config.js";

export interface Skill {
  name: string;
  description: string;
  filePath: string;
  baseDir: string;
  sourceInfo: { path: string; source: string; scope: string; origin: string; baseDir?: string };
  disableModelInvocation: boolean;
}
export interface SkillDiagnostic {
  type: "warning" | "collision";
  message: string;
  path: string;
}
export interface LoadSkillsResult {
  skills: Skill[];
  diagnostics: SkillDiagnostic[];
}

export function createSyntheticSourceInfo(path: string, o: { source: string; scope?: string; origin?: string; baseDir?: string }) {
  return { path, source: o.source, scope: o.scope ?? "temporary", origin: o.origin ?? "top-level", baseDir: o.baseDir };
}

function loadSkillFile(filePath: string, source: string, out: LoadSkillsResult): void {
  const declared = basename(filePath) === "SKILL.md";
  let frontmatter: Record<string, unknown>;
  try {
    ({ frontmatter } = parseFrontmatter(readFileSync(filePath, "utf8")));
  } catch (error) {
    if (declared) out.diagnostics.push({ type: "warning", message: (error as Error).message, path: filePath });
    return;
  }
  const description = frontmatter.description;
  if (typeof description !== "string" || !description.trim()) {
    if (declared) out.diagnostics.push({ type: "warning", message: "description is required", path: filePath });
    return;
  }
  const baseDir = dirname(filePath);
  const scope = source === "user" || source === "project" ? source : "temporary";
  out.skills.push({
    name: typeof frontmatter.name === "string" && frontmatter.name ? frontmatter.name : basename(baseDir),
    description,
    filePath,
    baseDir,
    sourceInfo: createSyntheticSourceInfo(filePath, { source: "local", scope, baseDir }),
    disableModelInvocation: frontmatter["disable-model-invocation"] === true,
  });
}

function scan(dir: string, source: string, rootFiles: boolean, out: LoadSkillsResult, ig: Ignore = ignore(), root = dir): void {
  if (!existsSync(dir)) return;
  addIgnoreRules(ig, dir, root);
  const entries = readdirSync(dir, { withFileTypes: true });
  const kind = (name: string) => {
    try {
      const s = statSync(join(dir, name));
      return s.isDirectory() ? "dir" : s.isFile() ? "file" : "other";
    } catch {
      return "other";
    }
  };
  // A folder with a SKILL.md is one skill; nothing below it is scanned.
  const skillFile = entries.find((e) => e.name === "SKILL.md" && kind(e.name) === "file");
  if (skillFile && !ig.ignores(relPosix(root, join(dir, "SKILL.md")))) return loadSkillFile(join(dir, "SKILL.md"), source, out);
  for (const e of entries) {
    if (e.name.startsWith(".") || e.name === "node_modules") continue;
    const path = join(dir, e.name);
    const k = kind(e.name);
    if (ig.ignores(k === "dir" ? `${relPosix(root, path)}/` : relPosix(root, path))) continue;
    if (k === "dir") scan(path, source, false, out, ig, root);
    else if (k === "file" && rootFiles && e.name.endsWith(".md")) loadSkillFile(path, source, out);
  }
}

export function loadSkillsFromDir(options: { dir: string; source: string }): LoadSkillsResult {
  const out: LoadSkillsResult = { skills: [], diagnostics: [] };
  scan(options.dir, options.source, true, out);
  return out;
}

export function loadSkills(
  options: { cwd?: string; agentDir?: string; skillPaths?: string[]; includeDefaults?: boolean } = {},
): LoadSkillsResult {
  const cwd = resolve(options.cwd ?? process.cwd());
  const agentDir = resolve(options.agentDir ?? getAgentDir());
  const found: LoadSkillsResult = { skills: [], diagnostics: [] };
  if (options.includeDefaults ?? true) {
    scan(join(agentDir, "skills"), "user", true, found);
    scan(join(cwd, CONFIG_DIR_NAME, "skills"), "project", true, found);
  }
  for (const raw of options.skillPaths ?? []) {
    const path = resolve(cwd, raw.trim());
    if (!existsSync(path)) found.diagnostics.push({ type: "warning", message: "skill path does not exist", path });
    else if (statSync(path).isDirectory()) scan(path, "path", true, found);
    else if (path.endsWith(".md")) loadSkillFile(path, "path", found);
    else found.diagnostics.push({ type: "warning", message: "skill path is not a markdown file", path });
  }
  const byName = new Map<string, Skill>();
  const files = new Set<string>();
  for (const skill of found.skills) {
    const real = realpathSync(skill.filePath);
    if (files.has(real)) continue;
    if (byName.has(skill.name)) {
      found.diagnostics.push({ type: "collision", message: `name "${skill.name}" collision`, path: skill.filePath });
      continue;
    }
    byName.set(skill.name, skill);
    files.add(real);
  }
  return { skills: [...byName.values()], diagnostics: found.diagnostics };
}

const xml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

export function formatSkillsForPrompt(skills: Skill[], fileReadTool = "read"): string {
  const visible = skills.filter((s) => !s.disableModelInvocation);
  if (visible.length === 0) return "";
  const lines = [
    "\n\nThe following skills provide specialized instructions for specific tasks.",
    fileReadTool === "read"
      ? "Use the read tool to load a skill's file when the task matches its description."
      : "Use bash to load a skill's file when the task matches its description.",
    "When a skill file references a relative path, resolve it against the skill directory (parent of SKILL.md / dirname of the path) and use that absolute path in tool commands.",
    "",
    "<available_skills>",
  ];
  for (const s of visible) {
    lines.push(
      "  <skill>",
      `    <name>${xml(s.name)}</name>`,
      `    <description>${xml(s.description)}</description>`,
      `    <location>${xml(s.filePath)}</location>`,
      "  </skill>",
    );
  }
  lines.push("</available_skills>");
  return lines.join("\n");
}

/** A user message pi wrote for `/skill:name`: the skill block and the user's text after it. */
export function parseSkillBlock(text: string): { name: string; location: string; content: string; userMessage?: string } | null {
  const m = text.match(/^<skill name="([^"]+)" location="([^"]+)">\n([\s\S]*?)\n<\/skill>(?:\n\n([\s\S]+))?$/);
  return m ? { name: m[1]!, location: m[2]!, content: m[3]!, userMessage: m[4]?.trim() || undefined } : null;
}

const CONTEXT_NAMES = ["AGENTS.override.md", "AGENTS.md", "AGENTS.MD", "CLAUDE.md", "CLAUDE.MD"];

function contextFileIn(dir: string): { path: string; content: string } | undefined {
  for (const name of CONTEXT_NAMES) {
    const path = join(dir, name);
    try {
      if (statSync(path).isFile()) return { path, content: readFileSync(path, "utf8").replace(/^\uFEFF/, "") };
    } catch {
      // next name
    }
  }
  return undefined;
}

/** The agent dir's context file, then those from the filesystem root down to `cwd`. */
export function loadProjectContextFiles(options: { cwd?: string; agentDir?: string } = {}): { path: string; content: string }[] {
  const global = contextFileIn(resolve(options.agentDir ?? getAgentDir()));
  const seen = new Set(global ? [global.path] : []);
  const chain: { path: string; content: string }[] = [];
  for (let dir = resolve(options.cwd ?? process.cwd()); ; dir = dirname(dir)) {
    const file = contextFileIn(dir);
    if (file && !seen.has(file.path)) {
      chain.unshift(file);
      seen.add(file.path);
    }
    if (dirname(dir) === dir) break;
  }
  return [...(global ? [global] : []), ...chain];
}
