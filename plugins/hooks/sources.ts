// Where hooks come from, re-read when a file changes (its mtime), so a hand edit applies to the
// next event with nothing reloaded: the user's settings, the project's (trusted projects only: a
// hook is a command to run), Claude Code's settings files and Codex's hooks.json when
// `compat.claude` / `compat.codex` allow (on unless set to false), and what other plugins add
// through the "hooks" service (a Claude Code plugin's hooks/hooks.json).
import { readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { isTrusted } from "../../lib/packages/index.js";
import { type CommandHook, readHooks } from "./config.js";

export interface HookFile {
  file: string;
  scope: "user" | "project";
  /** Which compat setting switches it off, if any. */
  compat?: "claude" | "codex";
}

export interface SourceState {
  hooks: CommandHook[];
  /** Project files with hooks that did not run because the project is not trusted. */
  untrusted: string[];
}

interface Cached {
  mtimeMs: number;
  hooks: CommandHook[];
  disabled: boolean;
}

export function hookFiles(agentDir: string, cwd: string, env: NodeJS.ProcessEnv = process.env): HookFile[] {
  const home = env.HOME || homedir();
  const claude = env.CLAUDE_CONFIG_DIR || join(home, ".claude");
  const codex = env.CODEX_HOME || join(home, ".codex");
  return [
    { file: join(agentDir, "settings.json"), scope: "user" },
    { file: join(claude, "settings.json"), scope: "user", compat: "claude" },
    { file: join(codex, "hooks.json"), scope: "user", compat: "codex" },
    { file: join(cwd, ".pi", "settings.json"), scope: "project" },
    { file: join(cwd, ".claude", "settings.json"), scope: "project", compat: "claude" },
    { file: join(cwd, ".claude", "settings.local.json"), scope: "project", compat: "claude" },
    { file: join(cwd, ".codex", "hooks.json"), scope: "project", compat: "codex" },
  ];
}

export class HookSources {
  private readonly cache = new Map<string, Cached>();
  private readonly added = new Map<string, CommandHook[]>();

  constructor(
    private readonly agentDir: string,
    private readonly cwd: string,
    private readonly compat: () => { claude?: unknown; codex?: unknown },
    private readonly report: (message: string) => void,
  ) {}

  /** Adds hooks in Claude Code's shape under `owner`, replacing what it added before. */
  add(owner: string, value: unknown, source: string, pluginRoot?: string): () => void {
    const hooks = readHooks(value, source, this.report, pluginRoot);
    this.added.set(owner, hooks);
    return () => {
      if (this.added.get(owner) === hooks) this.added.delete(owner);
    };
  }

  current(): SourceState {
    const trusted = isTrusted(this.agentDir, this.cwd);
    const compat = this.compat();
    const files = hookFiles(this.agentDir, this.cwd).filter((f) => !f.compat || compat[f.compat] !== false);
    const read = files.map((f) => ({ f, cached: this.read(f.file) }));
    // `disableAllHooks: true` in a file that counts turns every hook off (Claude Code's switch).
    const counts = read.filter(({ f }) => f.scope === "user" || trusted);
    if (counts.some(({ cached }) => cached.disabled)) return { hooks: [], untrusted: [] };
    return {
      hooks: [...counts.flatMap(({ cached }) => cached.hooks), ...[...this.added.values()].flat()],
      untrusted: trusted ? [] : read.filter(({ f, cached }) => f.scope === "project" && cached.hooks.length > 0).map(({ f }) => f.file),
    };
  }

  private read(file: string): Cached {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return { mtimeMs: 0, hooks: [], disabled: false };
    }
    const hit = this.cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit;
    let value: Record<string, unknown> = {};
    try {
      value = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    } catch (error) {
      this.report(`${file}: cannot read its hooks: ${(error as Error).message}`);
    }
    const entry = { mtimeMs, hooks: readHooks(value?.hooks, file, this.report), disabled: value?.disableAllHooks === true };
    this.cache.set(file, entry);
    return entry;
  }
}
