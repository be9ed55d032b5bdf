// Where the rules and the starting mode come from: `permissions.allow`, `.deny`, `.ask` and
// `.mode` in the global (~/.pi/agent/settings.json) and project (.pi/settings.json) files, read
// when a tool is called so a hand edit applies at once. A project that is not trusted may add
// deny and ask rules and pick a stricter mode, but its allow rules and a looser mode are ignored:
// a cloned repository must not be able to wave its own commands through.
import { homedir } from "node:os";
import { join } from "node:path";
import type { PermissionMode } from "../../contracts/permissions.js";
import { isTrusted, readSettings, updateSettings } from "../../lib/packages/index.js";
import { parseRule, type Rule } from "./rules.js";

export type RuleKind = "allow" | "deny" | "ask";
export interface SourcedRule extends Rule {
  kind: RuleKind;
  /** "global", "project" or "session" (allowed always while the project settings could not be written). */
  source: string;
}

export const MODE_ORDER: PermissionMode[] = ["yolo", "ask", "accept-edits", "read-only"];
const STRICTNESS: Record<PermissionMode, number> = { yolo: 0, "accept-edits": 1, ask: 2, "read-only": 3 };

export class PermissionSettings {
  /** Problems already reported (a broken file, a bad rule), so each is said once. */
  private readonly reported = new Set<string>();

  constructor(
    private readonly agentDir: string,
    private readonly cwd: string,
    private readonly report: (message: string) => void,
    /** Whether Claude Code's settings files count too (settings `compat.claude`, on unless false). */
    private readonly claude: () => boolean = () => false,
  ) {}

  get projectFile(): string {
    return join(this.cwd, ".pi", "settings.json");
  }

  trusted(): boolean {
    return isTrusted(this.agentDir, this.cwd);
  }

  rules(): SourcedRule[] {
    const trusted = this.trusted();
    const out: SourcedRule[] = [];
    for (const [source, file] of this.files()) {
      const section = this.section(file);
      for (const kind of ["deny", "ask", "allow"] as const) {
        if (kind === "allow" && source.endsWith("project") && !trusted) continue;
        const list = section[kind];
        if (list === undefined) continue;
        if (!Array.isArray(list)) {
          this.once(`${file}: permissions.${kind} must be an array of rules; ignoring it`);
          continue;
        }
        for (const text of list) {
          const rule = typeof text === "string" ? parseRule(text) : undefined;
          if (rule) out.push({ ...rule, kind, source });
          else this.once(`${file}: permissions.${kind} has a rule that cannot be read: ${JSON.stringify(text)}; ignoring it`);
        }
      }
    }
    return out;
  }

  /**
   * Where rules are read: ours, then Claude Code's (its rules share our syntax), each project file
   * after its user file. Claude Code's come after ours only in the list: a deny anywhere still wins.
   */
  private files(): [string, string][] {
    const ours: [string, string][] = [
      ["global", join(this.agentDir, "settings.json")],
      ["project", this.projectFile],
    ];
    if (!this.claude()) return ours;
    const home = process.env.CLAUDE_CONFIG_DIR || join(process.env.HOME || homedir(), ".claude");
    return [
      ...ours,
      ["claude-global", join(home, "settings.json")],
      ["claude-project", join(this.cwd, ".claude", "settings.json")],
      ["claude-project", join(this.cwd, ".claude", "settings.local.json")],
    ];
  }

  /** The mode settings ask for (an untrusted project only tightens the global one). */
  mode(): PermissionMode | undefined {
    const global = this.validMode(join(this.agentDir, "settings.json"));
    const project = this.validMode(this.projectFile);
    if (!project || this.trusted()) return project ?? global;
    const base = global ?? "yolo";
    return STRICTNESS[project] >= STRICTNESS[base] ? project : base;
  }

  /** Adds an allow rule to the project's .pi/settings.json (kept once). */
  addAllowRule(rule: string): void {
    updateSettings(this.projectFile, (settings) => {
      const permissions = (settings.permissions && typeof settings.permissions === "object" ? settings.permissions : {}) as Record<
        string,
        unknown
      >;
      const allow = Array.isArray(permissions.allow) ? permissions.allow : [];
      if (!allow.includes(rule)) permissions.allow = [...allow, rule];
      settings.permissions = permissions;
    });
  }

  private validMode(file: string): PermissionMode | undefined {
    const mode = this.section(file).mode;
    if (mode === undefined) return undefined;
    if (MODE_ORDER.includes(mode as PermissionMode)) return mode as PermissionMode;
    this.once(`${file}: permissions.mode is ${JSON.stringify(mode)}; expected one of ${MODE_ORDER.join(", ")}`);
    return undefined;
  }

  private section(file: string): Record<string, unknown> {
    try {
      const permissions = readSettings(file).permissions;
      return permissions && typeof permissions === "object" ? (permissions as Record<string, unknown>) : {};
    } catch (error) {
      this.once(`${(error as Error).message}; its permission rules are ignored`);
      return {};
    }
  }

  private once(message: string): void {
    if (this.reported.has(message)) return;
    this.reported.add(message);
    this.report(message);
  }
}
