// Where the prompt's instruction files live, as pi defines it:
// - context files: the agent dir first, then every directory from the filesystem root down to the
//   cwd, taking in each directory only the first of AGENTS.md, AGENTS.MD, CLAUDE.md, CLAUDE.MD;
// - SYSTEM.md and APPEND_SYSTEM.md: the project's .pi/ copy, else the agent dir's.
import { dirname, join, resolve } from "node:path";
import type { FileCache } from "./file-cache.js";

export const CONTEXT_FILE_NAMES = ["AGENTS.md", "AGENTS.MD", "CLAUDE.md", "CLAUDE.MD"];

export type { ContextFile } from "../../contracts/resources.js";
import type { ContextFile } from "../../contracts/resources.js";

/** Reports a file that exists but could not be read (each distinct problem once). */
export type Warn = (path: string, message: string) => void;

export class PromptSources {
  constructor(
    private readonly cache: FileCache,
    private readonly agentDir: string,
    private readonly warn: Warn,
  ) {}

  async contextFiles(cwd: string): Promise<ContextFile[]> {
    const dirs = [this.agentDir, ...ancestorsRootFirst(cwd)];
    const found = await Promise.all(dirs.map((dir) => this.firstOf(dir, CONTEXT_FILE_NAMES)));
    const seen = new Set<string>();
    const files: ContextFile[] = [];
    for (const file of found) {
      if (!file || seen.has(file.path)) continue; // the agent dir may also be an ancestor of cwd
      seen.add(file.path);
      files.push(file);
    }
    return files;
  }

  /** SYSTEM.md's text (project, else global), which replaces the default base prompt. */
  async systemPrompt(cwd: string): Promise<string | undefined> {
    return (await this.projectOrGlobal(cwd, "SYSTEM.md"))?.content;
  }

  /** APPEND_SYSTEM.md's text (project, else global), appended after the base prompt. */
  async appendSystemPrompt(cwd: string): Promise<string | undefined> {
    return (await this.projectOrGlobal(cwd, "APPEND_SYSTEM.md"))?.content;
  }

  private async projectOrGlobal(cwd: string, name: string): Promise<ContextFile | undefined> {
    return (await this.firstOf(join(resolve(cwd), ".pi"), [name])) ?? (await this.firstOf(this.agentDir, [name]));
  }

  private async firstOf(dir: string, names: string[]): Promise<ContextFile | undefined> {
    for (const name of names) {
      const path = join(dir, name);
      const outcome = await this.cache.read(path);
      if (outcome.kind === "file") return { path, content: outcome.content };
      if (outcome.kind === "error") this.warn(path, outcome.message);
    }
    return undefined;
  }
}

function ancestorsRootFirst(cwd: string): string[] {
  const dirs: string[] = [];
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    dirs.unshift(dir);
    if (dirname(dir) === dir) return dirs;
  }
}

/** The "# Project Context" section pi appends after the base prompt. */
export function formatProjectContext(files: ContextFile[]): string {
  if (files.length === 0) return "";
  const sections = files.map((f) => `## ${f.path}\n\n${f.content}\n\n`).join("");
  return `\n\n# Project Context\n\nProject-specific instructions and guidelines:\n\n${sections}`;
}
