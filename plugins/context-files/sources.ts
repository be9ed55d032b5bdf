// Where the prompt's instruction files live, as pi defines it:
// - context files: the agent dir first, then every directory from the filesystem root down to the
//   cwd, taking in each directory only the first of AGENTS.md, AGENTS.MD, CLAUDE.md, CLAUDE.MD;
// - SYSTEM.md and APPEND_SYSTEM.md: the project's .pi/ copy, else the agent dir's.
import { existsSync, realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { isInside } from "../../lib/resource-kit/index.js";
import type { FileCache } from "./file-cache.js";

export const CONTEXT_FILE_NAMES = ["AGENTS.md", "AGENTS.MD", "CLAUDE.md", "CLAUDE.MD"];

export type { ContextFile } from "../../contracts/resources.js";
import type { ContextFile } from "../../contracts/resources.js";

/** Reports a file that exists but could not be read (each distinct problem once). */
export type Warn = (path: string, message: string) => void;

export class PromptSources {
  /**
   * `trusted(cwd)`: whether the project may link its instruction files to places outside it. Until
   * it is, a project's AGENTS.md that is a link to `~/.ssh/id_rsa` is not read: a cloned repository
   * must not send the machine's files to the model before anyone said yes to it.
   */
  constructor(
    private readonly cache: FileCache,
    private readonly agentDir: string,
    private readonly warn: Warn,
    private readonly trusted: (cwd: string) => boolean = () => true,
  ) {}

  async contextFiles(cwd: string): Promise<ContextFile[]> {
    const dirs = [this.agentDir, ...ancestorsRootFirst(cwd)];
    const found = await Promise.all(dirs.map((dir) => this.firstOf(dir, CONTEXT_FILE_NAMES, dir === this.agentDir ? undefined : cwd)));
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
    return (await this.firstOf(join(resolve(cwd), ".pi"), [name], cwd)) ?? (await this.firstOf(this.agentDir, [name]));
  }

  /** `cwd`: the file belongs to the project at cwd (not the agent dir), so it may have to stay inside it. */
  private async firstOf(dir: string, names: string[], cwd?: string): Promise<ContextFile | undefined> {
    for (const name of names) {
      const path = join(dir, name);
      const outcome = await this.cache.read(path);
      if (outcome.kind === "file") {
        if (cwd !== undefined && this.leavesProject(path, cwd)) {
          this.warn(path, "it links to a file outside the project, which is not trusted yet (pi --trust, or trust it when asked)");
          continue;
        }
        return { path, content: outcome.content };
      }
      if (outcome.kind === "error") this.warn(path, outcome.message);
    }
    return undefined;
  }

  /** A found file inside the project whose real path is outside it, in a project not trusted. */
  private leavesProject(path: string, cwd: string): boolean {
    const real = realOf(path);
    if (real === path) return false; // no link on the way: the common case costs one realpath
    const root = projectRoot(cwd);
    if (!isInside(root, path) && !isInside(realOf(root), path)) return false; // above the project: the user's own file
    return !isInside(realOf(root), real) && !this.trusted(cwd);
  }
}

/** The git root above cwd, else cwd itself: what a cloned repository controls. */
function projectRoot(cwd: string): string {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, ".git"))) return dir;
    if (dirname(dir) === dir) return resolve(cwd);
  }
}

function realOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
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
