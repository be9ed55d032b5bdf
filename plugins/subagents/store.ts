// The agents the model may delegate to: `<agentDir>/agents/*.md` (the user's) and, in a trusted
// project, `.pi/agents/*.md` (the project's, which win over the user's of the same name). An
// agent definition is a prompt that can make the model run tools, so a repository's own are read
// only once the user trusts the directory (pi --trust), like its extensions. Definitions live in
// a live index: an edited or new file is in the next request with no command and no reload.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { PluginApi } from "pi-kernel";
import { isTrusted } from "../../lib/packages/index.js";
import {
  AddedPaths,
  FileCache,
  frontmatterError,
  frontmatterParser,
  LiveIndex,
  type ParseFrontmatter,
} from "../../lib/resource-kit/index.js";
import { type AgentDef, checkAgent } from "./agents.js";

export interface AgentRoots {
  user: string;
  project: string;
}

export function agentRoots(api: PluginApi): AgentRoots {
  return { user: join(api.agentDir, "agents"), project: join(api.cwd, ".pi", "agents") };
}

export class AgentStore {
  private parse: ParseFrontmatter | undefined;
  private readonly cache: FileCache<AgentDef>;
  private readonly index: LiveIndex<Map<string, AgentDef>>;
  private untrustedSaid = false;
  /** What the last build read (files and their mtimes), for stale(). */
  private stamp = "";
  /** Read once: a generation's cwd and agent dir never change, and timers may outlive its api. */
  private readonly where: AgentRoots;
  private readonly agentDir: string;
  private readonly cwd: string;
  /** Folders other plugins add (the "subagents" service): after ours, so ours win a name. */
  readonly added: AddedPaths;

  constructor(private readonly api: PluginApi) {
    this.where = agentRoots(api);
    this.agentDir = api.agentDir;
    this.cwd = api.cwd;
    this.added = new AddedPaths(api.cwd, () => this.index?.invalidate());
    const report = (where: string, message: string) => api.diagnose({ level: "warning", where, message });
    this.cache = new FileCache<AgentDef>(
      (path, text) => {
        try {
          const { data, body } = this.parse!(text);
          const source = path.startsWith(this.where.project) ? "project" : "user";
          const { agent, problems } = checkAgent(data, body, path, source);
          return { value: agent, problems };
        } catch (error) {
          return { problems: [frontmatterError(error, text)] };
        }
      },
      (path, problems) => {
        for (const p of problems) report(path, `${path}: ${p}`);
      },
    );
    this.index = new LiveIndex({
      build: () => this.build(),
      roots: () => this.roots(),
      watch: api.flags.mode !== "print" && api.flags.mode !== "json",
      relevant: (path) => path.endsWith(".md"),
      // A file written a moment before a request, before the watcher said so, is not missed.
      stale: () => this.stamp !== this.stampNow(),
      onError: (message) => report("subagents", message),
    });
  }

  /** The agents found by the last build (none before the first), without waiting. */
  private last = new Map<string, AgentDef>();

  /** Every agent by name. */
  async agents(): Promise<Map<string, AgentDef>> {
    return (this.last = await this.index.get());
  }

  /**
   * Looks for the agents once, without the live index: what the boot tap needs (whether any agent
   * exists) before the interactive UI's first frame, which the index's watchers need not precede.
   * The index's first build (at WARM, or the first request) reads them again from the file cache.
   */
  async look(): Promise<void> {
    this.last = await this.build();
  }

  /** How many agents the last look found (sync, for the tool's default activation). */
  count(): number {
    return this.last.size;
  }

  warmSoon(): void {
    this.index.warmSoon();
  }

  ready(): Promise<void> {
    return this.index.ready();
  }

  close(): Promise<void> {
    return this.index.close();
  }

  private roots(): string[] {
    const { user, project } = this.where;
    return [...this.added.list(), ...(this.projectTrusted() ? [user, project] : [user])];
  }

  private projectTrusted(): boolean {
    return isTrusted(this.agentDir, this.cwd);
  }

  private async build(): Promise<Map<string, AgentDef>> {
    const files = this.roots().flatMap(markdownFiles);
    this.stamp = stampOf(files);
    this.sayUntrusted();
    if (files.length > 0) this.parse ??= await frontmatterParser();
    const byName = new Map<string, AgentDef>();
    // User files first, project files after: a project agent replaces the user's of its name.
    for (const file of files) {
      const agent = this.cache.read(file)?.value;
      if (agent) byName.set(agent.name, agent);
    }
    this.cache.prune(new Set(files));
    return byName;
  }

  private stampNow(): string {
    return stampOf(this.roots().flatMap(markdownFiles));
  }

  private sayUntrusted(): void {
    if (this.untrustedSaid || this.projectTrusted()) return;
    if (markdownFiles(this.where.project).length === 0) return;
    this.untrustedSaid = true;
    // A warning, not an info line: the model cannot use these agents until the person acts.
    this.api.diagnose({
      level: "warning",
      where: "subagents",
      message: `Not loaded: the project's agents in .pi/agents (${markdownFiles(this.where.project).length} file(s)); they load once this folder is trusted (answer the trust prompt, or pi --trust)`,
    });
  }
}

function markdownFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => (e.isFile() || e.isSymbolicLink()) && e.name.toLowerCase().endsWith(".md"))
      .map((e) => join(dir, e.name))
      .sort();
  } catch {
    return [];
  }
}

function stampOf(files: string[]): string {
  return files
    .map((f) => {
      try {
        const s = statSync(f);
        return `${f}:${s.size}:${s.mtimeMs}`;
      } catch {
        return f;
      }
    })
    .join("|");
}
