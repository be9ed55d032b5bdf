// Command hooks in Claude Code's format (and Codex's hooks.json): settings `hooks` with the events
// PreToolUse, PostToolUse, UserPromptSubmit, Stop, SubagentStop, SessionStart, SessionEnd,
// PreCompact, Notification and PermissionRequest, each a list of {matcher, hooks: [{type:
// "command", command, timeout}]}. A hook gets Claude Code's JSON on stdin and its environment,
// runs with a timeout (60 s by default) in parallel with the event's other hooks, inside the
// sandbox when it is on, and a project's hooks run only once the project is trusted. Provides the
// "hooks" service (other plugins add hooks that live elsewhere) and `/hooks`.
import { definePlugin, Type } from "pi-kernel";
import type {} from "../../contracts/hooks.js";
import { Stages } from "../../contracts/stages.js";
import { describeHooks } from "./command.js";
import type { Verdict } from "./outcome.js";
import { HookRunner } from "./runner.js";
import { HookSources } from "./sources.js";
import { ToolHooks } from "./tool-hooks.js";
import { TurnHooks } from "./turn-hooks.js";

const HookGroups = Type.Array(Type.Unknown());

export default definePlugin({
  name: "hooks",
  provides: ["hooks"],
  uses: ["permissions", "sessions", "shellSandbox", "models"],
  settings: Type.Object({
    hooks: Type.Optional(Type.Record(Type.String(), HookGroups)),
    disableAllHooks: Type.Optional(Type.Boolean()),
    compat: Type.Optional(Type.Object({ claude: Type.Optional(Type.Boolean()), codex: Type.Optional(Type.Boolean()) })),
  }),
  setup(api) {
    const reported = new Set<string>();
    const report = (message: string) => {
      if (reported.has(message)) return;
      reported.add(message);
      api.diagnose({ level: "warning", code: "hooks-config", message });
    };
    const compat = () => (api.settings.compat as { claude?: unknown; codex?: unknown } | undefined) ?? {};
    const sources = api.keep("sources", () => new HookSources(api.agentDir, api.cwd, compat, report));
    const live = () => api;
    const runner = new HookRunner(live, sources);
    // What a hook says for the person: shown as a warning (stderr in print mode, a notice in the UIs).
    const tell = (v: Verdict) => {
      for (const message of v.notices) api.diagnose({ level: "warning", code: "hook", message });
    };
    const child = Number(api.flags.subagentDepth ?? 0) > 0;
    const tools = new ToolHooks(live, runner, tell);
    const turns = new TurnHooks(live, runner, tell, child);

    api.services.provide("hooks", {
      add: (owner, hooks, opts) => sources.add(owner, hooks, opts.source, opts.pluginRoot),
      describe: () => describeHooks(sources.current()),
    });
    api.register.command({
      name: "hooks",
      description: "List the command hooks that run (settings hooks, .claude/settings.json, .codex/hooks.json)",
      source: "builtin",
      handler: () => describeHooks(sources.current()),
    });

    // Before the permission plugin's gate (LATE): a deny wins, an ask or allow reaches it as a verdict.
    api.on("toolCall", (event) => tools.before(event));
    api.on("toolResult", (event) => tools.after(event), { timeoutMs: 0 });
    // Before commands claim the text (commands-core taps at EARLY): Claude Code hears slash commands too.
    api.on("input", (event) => turns.onInput(event), { stage: Stages.PROMPT_HOOKS });
    api.on("messageEnd", (message) => turns.onMessageEnd(message), { timeoutMs: 0 });

    let listening = false;
    api.on(
      "boot",
      (ctx) => {
        if (ctx.reason === "startup") turns.startSession("startup");
        const permissions = api.services.get("permissions");
        if (listening || !permissions) return;
        listening = true;
        api.onDispose(permissions.onRequest((request) => permissionRequest(request.toolName, request.args)));
      },
      { stage: Stages.LATE },
    );
    const permissionRequest = async (toolName: string, args: Record<string, unknown>) => {
      const verdict = await runner.fire("PermissionRequest", toolName, {
        tool_name: toolName,
        tool_input: args,
        permission_suggestions: [],
      });
      tell(verdict);
      if (verdict.request?.behavior === "allow") {
        if (verdict.updatedInput) Object.assign(args, verdict.updatedInput);
        return { decision: "allow-once" as const };
      }
      if (verdict.request?.behavior === "deny") return { decision: "deny" as const, message: verdict.request.message };
      // Nobody decided: the person is asked, and Notification hooks hear about it.
      void runner
        .fire("Notification", "permission_prompt", {
          message: `pi needs your permission to use ${toolName}`,
          notification_type: "permission_prompt",
        })
        .then(tell);
      return undefined;
    };

    api.on("event", (event) => {
      if (child) return;
      if (event.type === "session_start") turns.startSession(event.reason === "new" ? "clear" : "resume");
      if (event.type === "compaction_end" && event.result) turns.startSession("compact");
      if (event.type === "compaction_start") {
        const trigger = event.reason === "manual" ? "manual" : "auto";
        void runner.fire("PreCompact", trigger, { trigger, custom_instructions: "" }).then(tell);
      }
    });
    api.on("shutdown", async (reason) => {
      if (child || reason === "reload" || reason === "superseded" || reason === "startup") return;
      tell(await runner.fire("SessionEnd", "other", { reason: "other" }));
    });
  },
});
