// The "permissions" service and the toolCall gate behind it: the mode (kept across reloads), the
// rules from settings plus the ones allowed always this session, who is asked, and the audit log.
// Questions are asked one at a time (parallel tool calls queue), and each queued call is decided
// again when its turn comes, so an "Allow always" answer covers the calls waiting behind it.
import type { PluginApi, ToolCallBlock, ToolCallEvent } from "pi-kernel";
import type {
  PermissionAnswer,
  PermissionAsker,
  PermissionMode,
  PermissionModeInfo,
  PermissionRequest,
  PermissionsService,
  PreVerdict,
} from "../../contracts/permissions.js";
import { askThroughUi } from "./asker.js";
import { AuditLog, type AuditRecord, auditFile } from "./audit.js";
import { callView, suggestRule, summarize } from "./classify.js";
import { type Decision, decide, unjudged } from "./decide.js";
import { loadBashParser } from "./bash-parser.js";
import { type CallView, parseRule } from "./rules.js";
import { MODE_ORDER, type PermissionSettings, type SourcedRule } from "./settings.js";
import { prepareShellRules } from "./shell-decision.js";
import { proposedDiff } from "./proposal.js";

export const DISMISSED =
  "The user dismissed the permission question: the tool call was not run, and the run was stopped until they say more.";

export const MODES: readonly PermissionModeInfo[] = [
  { id: "yolo", name: "YOLO", description: "Nothing is asked (pi's behaviour); deny and ask rules still apply" },
  { id: "ask", name: "Ask", description: "Every tool that writes or runs asks first; reading and searching do not" },
  {
    id: "accept-edits",
    name: "Accept edits",
    description: "File edits inside the workspace are allowed; shell commands and other tools ask",
  },
  { id: "read-only", name: "Read-only", description: "Only reading and searching tools run; edits and commands are refused" },
];

/** State that outlives a plugin reload (api.keep). */
export interface KeptState {
  mode: PermissionMode;
  /** Rules allowed always this session (also written to the project settings when possible). */
  sessionRules: SourcedRule[];
}

export class Permissions implements PermissionsService {
  private readonly listeners = new Set<(mode: PermissionMode) => void>();
  private readonly askers: PermissionAsker[] = [];
  private readonly requestListeners: PermissionAsker[] = [];
  private readonly verdicts = new Map<string, PreVerdict>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly audit: AuditLog;

  constructor(
    private readonly api: PluginApi,
    private readonly state: KeptState,
    private readonly settings: PermissionSettings,
  ) {
    this.audit = new AuditLog((message) => this.api.diagnose({ level: "warning", code: "permissions-audit", message }));
  }

  mode(): PermissionMode {
    return this.state.mode;
  }

  setMode(mode: PermissionMode): void {
    if (!MODE_ORDER.includes(mode)) throw new Error(`Unknown permission mode "${mode}"; expected one of ${MODE_ORDER.join(", ")}`);
    if (mode === this.state.mode) return;
    this.state.mode = mode;
    for (const fn of [...this.listeners]) fn(mode);
  }

  /** The next mode in MODE_ORDER (Shift+Tab-style cycling). */
  cycle(): PermissionMode {
    this.setMode(MODE_ORDER[(MODE_ORDER.indexOf(this.state.mode) + 1) % MODE_ORDER.length]);
    return this.state.mode;
  }

  modes(): readonly PermissionModeInfo[] {
    return MODES;
  }

  onModeChange(listener: (mode: PermissionMode) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  setAsker(asker: PermissionAsker): () => void {
    this.askers.push(asker);
    return () => {
      const i = this.askers.lastIndexOf(asker);
      if (i >= 0) this.askers.splice(i, 1);
    };
  }

  preDecide(toolCallId: string, verdict: PreVerdict): void {
    this.verdicts.set(toolCallId, verdict);
  }

  onRequest(listener: PermissionAsker): () => void {
    this.requestListeners.push(listener);
    return () => {
      const i = this.requestListeners.indexOf(listener);
      if (i >= 0) this.requestListeners.splice(i, 1);
    };
  }

  rules(): SourcedRule[] {
    return [...this.settings.rules(), ...this.state.sessionRules];
  }

  /** The toolCall gate. */
  async gate(event: ToolCallEvent): Promise<ToolCallBlock | undefined> {
    const call = this.view(event);
    const verdict = this.verdicts.get(event.toolCallId);
    this.verdicts.delete(event.toolCallId);
    const first = withVerdict(await this.decide(call), verdict);
    if (first.action !== "ask") return this.settle(event, first);
    // Questions go one at a time; decide again once it is this call's turn.
    const turn = this.queue.then(async () => {
      const now = withVerdict(await this.decide(call), verdict);
      return now.action === "ask" ? this.ask(event, now) : this.settle(event, now);
    });
    this.queue = turn.catch(() => {});
    return turn;
  }

  /** The bash parser loads here, the first time a bash rule has to be checked (never at start-up). */
  private async decide(call: CallView): Promise<Decision> {
    const rules = this.rules();
    await prepareShellRules(call, rules);
    return decide(call, this.state.mode, rules, this.api.agentDir);
  }

  private async ask(event: ToolCallEvent, decision: Extract<Decision, { action: "ask" }>): Promise<ToolCallBlock | undefined> {
    const call = this.view(event);
    // The suggested rule depends on how bash reads the command.
    if (call.effect === "execute") await loadBashParser();
    const request: PermissionRequest = {
      toolCallId: event.toolCallId,
      toolName: event.toolName,
      args: event.input,
      summary: summarize(call),
      suggestedRule: suggestRule(call),
      ...(decision.reason && { reason: decision.reason }),
      ...(call.effect === "edit" && call.paths && { diff: await proposedDiff(call.paths, event.input, call.cwd) }),
    };
    const why = decision.rule
      ? `the rule ${decision.rule.text} asks`
      : unjudged(decision)
        ? decision.reason
        : `permission mode ${this.state.mode}${decision.reason ? `; ${decision.reason}` : ""}`;
    const heard = await this.heard(request);
    if (heard) return this.answered(event, request, heard, { by: "hook" as const, answer: heard.decision, rule: decision.rule?.text });
    const asker = this.askers.at(-1) ?? this.uiAsker();
    if (!asker) {
      const reason =
        `Permission needed for ${request.summary} (${why}), but there is nobody to ask in this mode (print or JSON). ` +
        (unjudged(decision)
          ? "No rule can allow a command that cannot be judged: write it so each command it runs is spelled out."
          : `Allow it with a rule in settings ("permissions": {"allow": ["${request.suggestedRule}"]}) or run with --permission-mode yolo.`);
      await this.log(event, request, { decision: "deny", by: "nobody", rule: decision.rule?.text });
      return { block: true, reason };
    }
    let answer: PermissionAnswer | undefined;
    try {
      answer = await asker(request);
    } catch (error) {
      answer = { decision: "deny", message: `asking failed: ${(error as Error).message}` };
    }
    const record = { by: "user" as const, answer: answer?.decision ?? "dismissed", rule: decision.rule?.text };
    if (!answer) return this.dismissed(event, request, record);
    return this.answered(event, request, answer, record);
  }

  /** The first request listener's answer (a PermissionRequest hook); one that throws is passed over. */
  private async heard(request: PermissionRequest): Promise<PermissionAnswer | undefined> {
    for (const listener of [...this.requestListeners]) {
      const answer = await listener(request).catch(() => undefined);
      if (answer) return answer;
    }
    return undefined;
  }

  private async answered(
    event: ToolCallEvent,
    request: PermissionRequest,
    answer: PermissionAnswer,
    record: { by: "user" | "hook"; answer: string; rule?: string },
  ): Promise<ToolCallBlock | undefined> {
    if (answer?.decision === "allow-once" || answer?.decision === "allow-always") {
      if (answer.decision === "allow-always") this.allowAlways(request.suggestedRule);
      await this.log(event, request, {
        decision: "allow",
        ...record,
        ...(answer.decision === "allow-always" && { rule: request.suggestedRule }),
      });
      return undefined;
    }
    const message = answer?.decision === "deny" ? answer.message : undefined;
    await this.log(event, request, { decision: "deny", ...record, ...(message && { message }) });
    const who = record.by === "hook" ? "A PermissionRequest hook" : "The user";
    return { block: true, reason: message ? `${who} denied this tool call: ${message}` : `${who} denied this tool call.` };
  }

  /**
   * A dismissed question (Esc, an RPC client's cancel, ACP's cancelled) refuses the call and stops the
   * run, as Claude Code does: the person wants to say something first, so the model must not carry on.
   */
  private async dismissed(event: ToolCallEvent, request: PermissionRequest, record: Partial<AuditRecord>): Promise<ToolCallBlock> {
    await this.log(event, request, { decision: "deny", ...record, by: "user" });
    this.api.actions.abort();
    return { block: true, reason: DISMISSED };
  }

  /** The call with what its tool declares (effect, paths), from the registry: rules and modes read those, not names. */
  private view(event: ToolCallEvent): CallView {
    const api = this.api;
    return callView(event, api.registry.get("tool", event.toolName), api.cwd);
  }

  private uiAsker(): PermissionAsker | undefined {
    const ui = this.api.services.get("ui");
    return ui && ((request) => askThroughUi(ui, request, ".pi/settings.json"));
  }

  /** Remembered for this session at once, and written to the project settings for the next ones. */
  private allowAlways(text: string): void {
    const rule = parseRule(text);
    if (rule) this.state.sessionRules.push({ ...rule, kind: "allow", source: "session" });
    try {
      this.settings.addAllowRule(text);
    } catch (error) {
      this.api.diagnose({
        level: "warning",
        code: "permissions-save",
        message: `Allowed ${text} for this session only: ${(error as Error).message}`,
      });
    }
  }

  private async settle(event: ToolCallEvent, decision: Exclude<Decision, { action: "ask" }>): Promise<ToolCallBlock | undefined> {
    const call = this.view(event);
    await this.log(event, { summary: summarize(call) }, { decision: decision.action, by: decision.by, rule: decision.rule?.text });
    return decision.action === "deny" ? { block: true, reason: decision.reason } : undefined;
  }

  private log(
    event: ToolCallEvent,
    request: { summary: string },
    fields: Pick<AuditRecord, "decision" | "by"> & Partial<AuditRecord>,
  ): Promise<void> {
    const file = auditFile(this.api.services.get("sessions")?.file);
    return this.audit.write(file, {
      toolCallId: event.toolCallId,
      tool: event.toolName,
      summary: request.summary,
      mode: this.state.mode,
      ...fields,
    });
  }
}

/**
 * A PreToolUse hook's verdict over the rules' and mode's decision (Claude Code's order): a deny
 * stays a deny; "ask" asks where the mode would allow; "allow" skips only the mode's own question,
 * never an ask rule, a line that cannot be judged, or an edit of the agent's configuration.
 */
function withVerdict(decision: Decision, verdict: PreVerdict | undefined): Decision {
  if (!verdict || decision.action === "deny") return decision;
  const hookSays = verdict.reason ? `a PreToolUse hook asks: ${verdict.reason}` : "a PreToolUse hook asks";
  if (verdict.decision === "ask") {
    if (decision.action === "allow") return { action: "ask", by: "mode", reason: hookSays };
    return decision.by === "mode" && !decision.reason ? { ...decision, reason: hookSays } : decision;
  }
  if (decision.action === "ask" && decision.by === "mode" && !decision.reason) return { action: "allow", by: "mode" };
  return decision;
}
