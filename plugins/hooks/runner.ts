// Firing one event: the hooks whose matcher takes the value, all at once (Claude Code runs an
// event's hooks in parallel; identical commands run once), each with the event's JSON on stdin and
// Claude Code's environment (CLAUDE_PROJECT_DIR, with PI_PROJECT_DIR beside it), through the
// sandbox when it is on. The answers are merged into one verdict.
import type { PluginApi } from "pi-kernel";
import { pickShell, shellEnv } from "../../lib/tool-kit/index.js";
import type { CommandHook } from "./config.js";
import { type HookEvent, UNMATCHED } from "./events.js";
import { merge, type Verdict } from "./outcome.js";
import { type HookOutcome, spawnHook } from "./run.js";
import type { HookSources } from "./sources.js";

/** Our permission modes in Claude Code's words, for `permission_mode`. */
const MODE_NAMES: Record<string, string> = {
  yolo: "bypassPermissions",
  ask: "default",
  "accept-edits": "acceptEdits",
  "read-only": "plan",
};

export class HookRunner {
  constructor(
    private readonly api: () => PluginApi,
    private readonly sources: HookSources,
  ) {}

  /** The hooks `fire` would run for this event and value. */
  matching(event: HookEvent, value: string | undefined): CommandHook[] {
    const seen = new Set<string>();
    return this.sources.current().hooks.filter((h) => {
      if (h.event !== event) return false;
      if (!UNMATCHED.has(event) && value !== undefined && !h.matches(value)) return false;
      if (seen.has(h.command)) return false;
      seen.add(h.command);
      return true;
    });
  }

  /** The common fields every event's input starts with. */
  common(event: HookEvent): Record<string, unknown> {
    const api = this.api();
    const sessions = api.services.get("sessions");
    const mode = api.services.get("permissions")?.mode();
    return {
      session_id: sessions?.id ?? api.agent.sessionId,
      transcript_path: sessions?.file ?? "",
      cwd: api.cwd,
      ...(mode && { permission_mode: MODE_NAMES[mode] ?? mode }),
      hook_event_name: event,
    };
  }

  async fire(event: HookEvent, value: string | undefined, fields: Record<string, unknown>, signal?: AbortSignal): Promise<Verdict> {
    const hooks = this.matching(event, value);
    if (hooks.length === 0) return { context: [], notices: [] };
    const input = JSON.stringify({ ...this.common(event), ...fields });
    const runs = await Promise.all(hooks.map(async (hook) => ({ hook, outcome: await this.runOne(hook, input, signal) })));
    return merge(event, runs);
  }

  private async runOne(hook: CommandHook, input: string, signal?: AbortSignal): Promise<HookOutcome> {
    const api = this.api();
    let wrapper: string[] = [];
    try {
      wrapper = (await api.services.get("shellSandbox")?.wrapper(api.cwd)) ?? [];
    } catch (error) {
      // The sandbox is on but cannot start: the hook does not run unsandboxed (fail closed).
      return { exitCode: null, stdout: "", stderr: "", timedOut: false, error: (error as Error).message };
    }
    const settings = api.settings as { shellPath?: unknown };
    const env: NodeJS.ProcessEnv = {
      ...shellEnv(api),
      CLAUDE_PROJECT_DIR: api.cwd,
      PI_PROJECT_DIR: api.cwd,
      ...(hook.pluginRoot && { CLAUDE_PLUGIN_ROOT: hook.pluginRoot, PI_PLUGIN_ROOT: hook.pluginRoot }),
    };
    return spawnHook({
      command: hook.command,
      cwd: api.cwd,
      shell: typeof settings.shellPath === "string" ? settings.shellPath : pickShell(),
      env,
      input,
      timeoutMs: hook.timeoutMs,
      wrapper,
      signal,
    });
  }
}
