// PreToolUse and PostToolUse on the kernel's toolCall gate and toolResult waterfall.
// PreToolUse: a deny (exit 2, permissionDecision "deny", decision "block") blocks the call with its
// reason for the model, before the permission plugin is asked (a deny wins); "ask" and "allow" go
// to the permission plugin as a verdict for this call, so "ask" opens the same dialog every other
// question does and "allow" never overrides a deny or ask rule; updatedInput rewrites the call.
// PostToolUse: exit 2 or `decision: "block"` and additionalContext reach the model with the result.
import { isAbsolute, resolve } from "node:path";
import type { PluginApi, ToolCallBlock, ToolCallEvent, ToolResultEvent } from "pi-kernel";
import { declaredPaths } from "../../lib/tool-kit/index.js";
import type { HookRunner } from "./runner.js";
import type { Verdict } from "./outcome.js";

export class ToolHooks {
  /** PreToolUse's additionalContext, added to that call's result. */
  private readonly contexts = new Map<string, string[]>();

  constructor(
    private readonly api: () => PluginApi,
    private readonly runner: HookRunner,
    private readonly tell: (verdict: Verdict) => void,
  ) {}

  async before(event: ToolCallEvent): Promise<ToolCallBlock | undefined> {
    if (this.runner.matching("PreToolUse", event.toolName).length === 0) return undefined;
    const verdict = await this.runner.fire("PreToolUse", event.toolName, {
      tool_name: event.toolName,
      tool_input: this.hookInput(event),
      tool_use_id: event.toolCallId,
    });
    this.tell(verdict);
    if (verdict.stop) {
      this.api().actions.abort();
      return { block: true, reason: `A hook stopped the run: ${verdict.stop}` };
    }
    if (verdict.block) return { block: true, reason: `Blocked by a PreToolUse hook: ${verdict.block}` };
    if (verdict.updatedInput) rewrite(event.input, verdict.updatedInput);
    if (verdict.context.length) this.contexts.set(event.toolCallId, verdict.context);
    if (verdict.permission === "ask" || verdict.permission === "allow") {
      const permissions = this.api().services.get("permissions");
      if (permissions) permissions.preDecide(event.toolCallId, { decision: verdict.permission, reason: verdict.permissionReason });
      else if (verdict.permission === "ask")
        return { block: true, reason: "A PreToolUse hook asks for the user's approval, but no permission plugin is loaded to ask them." };
    }
    return undefined;
  }

  async after(event: ToolResultEvent): Promise<ToolResultEvent> {
    const early = this.contexts.get(event.toolCallId) ?? [];
    this.contexts.delete(event.toolCallId);
    let added = early;
    if (!event.isError && this.runner.matching("PostToolUse", event.toolName).length > 0) {
      const verdict = await this.runner.fire("PostToolUse", event.toolName, {
        tool_name: event.toolName,
        tool_input: event.input,
        tool_response: {
          output: event.result.content.flatMap((c) => (c.type === "text" ? [c.text] : [])).join("\n"),
          ...(event.result.details !== undefined && { details: event.result.details }),
        },
        tool_use_id: event.toolCallId,
      });
      this.tell(verdict);
      if (verdict.stop) this.api().actions.abort();
      added = [...early, ...(verdict.block ? [verdict.block] : []), ...verdict.context];
    }
    if (added.length === 0) return event;
    const text = added.map((t) => `<hook-feedback>\n${t}\n</hook-feedback>`).join("\n");
    return { ...event, result: { ...event.result, content: [...event.result.content, { type: "text", text }] } };
  }

  /**
   * The arguments as hooks written for Claude Code read them: as given, plus `file_path` (absolute)
   * when the tool declares the one path it touches and has no argument of that name.
   */
  private hookInput(event: ToolCallEvent): Record<string, unknown> {
    const api = this.api();
    const paths = declaredPaths(api.registry.get("tool", event.toolName), event.input);
    if (paths?.length !== 1 || "file_path" in event.input) return event.input;
    return { ...event.input, file_path: isAbsolute(paths[0]) ? paths[0] : resolve(api.cwd, paths[0]) };
  }
}

/**
 * updatedInput's keys replace the call's arguments of those names, in place (the call that runs is
 * this object). Merged rather than swapped whole: our tools' argument names are not all Claude
 * Code's, and a hook that rewrites `command` must not drop the rest. Our `file_path` alias is not
 * an argument of a tool that has none.
 */
function rewrite(input: Record<string, unknown>, updated: Record<string, unknown>): void {
  const hadFilePath = "file_path" in input;
  Object.assign(input, updated);
  if (!hadFilePath) delete input.file_path;
}
