// Code the agent itself wrote is not loaded until the person says so (issue 30, point 3). Hot
// reload loads whatever lands in a watched extensions folder, so a model that may write files
// could otherwise write `.pi/extensions/x.js` (or the agent dir's extensions) and have it run at
// once, outside any permission mode or sandbox. On every reload, a plugin file (or any file of
// its package) that changed while one of the agent's tools was running, or that a tool named as
// its path, is left out until the person's `/reload` (or a trust answer or an install, which
// also reload through actions.reload); a notice names the file and says how to load it.
//
// Changed while a tool ran is judged by ctime, which writing or `touch -d` always moves to now,
// so a bash command that writes and then backdates the file is held as well. Limit: a process a
// command left running in the background that writes after the tool ended is not told apart from
// the person (the sandbox mounts these folders read-only for that case). Start-up loads what is
// on disk (starting the agent is the person's word), and print and JSON runs never hot-reload.
import { lstatSync, readdirSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { definePlugin, type PluginDef, type PluginSource } from "../kernel/index.js";

/** ctime and Date.now() come from different clocks' granularity (ext4's is a jiffy): a margin on both ends. */
const SLACK_MS = 50;
/** How many entries of one package folder are looked at (a huge package is judged by what was seen). */
const MAX_ENTRIES = 2000;

/** The part of the "ui" service used here. */
interface Notifier {
  notify(message: string, level: "warning"): void;
}

export class WrittenCodeGuard {
  /** When the agent's tools ran: [start, end] in ms; the open one has end Infinity. */
  private readonly spans: { start: number; end: number }[] = [];
  private running = 0;
  /**
   * Files a tool call named as its `path`, as written (lexically resolved, `@` dropped): a second
   * signal besides ctime. compose/ reaches lib/tool-kit only through its index, which the strict
   * check of compose/ cannot take yet, so canonicalPath is not used here; ctime decides anyway.
   */
  private readonly named = new Set<string>();
  /** Changes before this moment were loaded by the person's word (/reload). */
  private releasedAt = Number.NEGATIVE_INFINITY;
  private readonly told = new Set<string>();
  private notices: string[] = [];

  constructor(
    private readonly cwd: string,
    /** Built-ins of the install: the program itself, never written by the agent's tools in practice and never held. */
    private readonly isBuiltin: (file: string) => boolean,
  ) {}

  /** The person's word: everything changed until now may load. */
  release(): void {
    this.releasedAt = Date.now();
    this.told.clear();
  }

  /** The sources of a reload without those holding code the agent wrote; `startup`: all of them. */
  filter(sources: PluginSource[], startup: boolean): PluginSource[] {
    if (startup || this.spans.length === 0) return sources;
    return sources.filter((s) => {
      if (s.origin === "inline" || this.isBuiltin(s.file)) return true;
      const written = this.writtenFile(s);
      if (!written) return true;
      if (!this.told.has(written)) {
        this.told.add(written);
        this.notices.push(
          `Not loaded: ${written} was written by the agent's tools in this session. ` +
            "Review it, then type /reload to load it (the agent never loads code it wrote on its own).",
        );
      }
      return false;
    });
  }

  /** Notices of files held since the last call. */
  takeNotices(): string[] {
    const out = this.notices;
    this.notices = [];
    return out;
  }

  /** The in-process plugin that sees the agent's tools run and tells the person what was held. */
  plugin(report: (message: string) => void): PluginDef {
    return definePlugin({
      name: "written-code-guard",
      uses: ["ui"],
      setup: (api) => {
        api.on("event", (event) => {
          if (event.type === "tool_execution_start") this.toolStarted(event.args);
          else if (event.type === "tool_execution_end") this.toolEnded();
        });
        api.on("boot", () => {
          for (const message of this.takeNotices()) {
            report(message);
            // Typed here, not through contracts/ui.ts, which would pull the terminal UI's types into compose/.
            (api.services.get("ui") as Notifier | undefined)?.notify(message, "warning");
          }
        });
      },
    });
  }

  private toolStarted(args: unknown): void {
    if (this.running++ === 0) this.spans.push({ start: Date.now(), end: Number.POSITIVE_INFINITY });
    const path = (args as { path?: unknown } | undefined)?.path;
    if (typeof path === "string" && path) this.named.add(resolve(this.cwd, path.trim().replace(/^@/, "")));
  }

  private toolEnded(): void {
    const open = this.spans.at(-1);
    if (this.running > 0 && --this.running === 0 && open) open.end = Date.now();
  }

  /** The first file of the plugin's entry or package the agent wrote since the last release, if any. */
  private writtenFile(source: PluginSource): string | undefined {
    for (const file of packageFiles(source)) {
      const ctime = ctimeOf(file);
      if (ctime === undefined || ctime <= this.releasedAt) continue;
      if (this.named.has(file)) return file;
      if (this.spans.some((s) => ctime >= s.start - SLACK_MS && ctime <= s.end + SLACK_MS)) return file;
    }
    return undefined;
  }
}

/** The entry file, then (for a package folder) every file under its root but node_modules and dot folders, bounded. */
function packageFiles(source: PluginSource): string[] {
  const files = [source.file];
  if (!source.root || source.root === source.file || relative(source.root, source.file).startsWith(`..${sep}`)) return files;
  const pending = [source.root];
  let seen = 0;
  while (pending.length > 0 && seen < MAX_ENTRIES) {
    const dir = pending.pop()!;
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (++seen > MAX_ENTRIES) break;
      const path = join(dir, e.name);
      // Links are not followed: a loop cannot hang a reload (the entry itself is always checked).
      if (e.isDirectory() && e.name !== "node_modules" && !e.name.startsWith(".")) pending.push(path);
      else if (e.isFile() && path !== source.file) files.push(path);
    }
  }
  return files;
}

function ctimeOf(file: string): number | undefined {
  try {
    return lstatSync(file).ctimeMs;
  } catch {
    return undefined;
  }
}
