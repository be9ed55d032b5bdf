// What a running child has done so far, from its events: turns, tool calls, the latest text, usage.
// The tool row shows it while the child runs (as partial results, so the parent's session file
// never holds it); the final result keeps only the summary fields.
import type { AgentEvent, AssistantMessage } from "pi-kernel";

export type ChildStatus = "queued" | "running" | "done" | "failed" | "aborted";

export interface SubagentDetails {
  agent: string;
  model?: string;
  status: ChildStatus;
  turns: number;
  toolCalls: number;
  usage: { input: number; output: number; cost: number };
  /** The child's own transcript (linked from here; its messages stay out of the parent's file). */
  sessionFile?: string;
  /** Recent activity, oldest first (partial results only). */
  activity?: string[];
}

const RECENT = 8;
const LINE = 100;

export class Progress {
  readonly details: SubagentDetails;
  private readonly activity: string[] = [];

  constructor(agent: string, sessionFile: string | undefined) {
    this.details = { agent, status: "queued", turns: 0, toolCalls: 0, usage: { input: 0, output: 0, cost: 0 }, sessionFile };
  }

  /** True when the event changed what is shown. */
  onEvent(e: AgentEvent): boolean {
    if (e.type === "turn_start") {
      this.details.turns++;
      return true;
    }
    if (e.type === "tool_execution_start") {
      this.details.toolCalls++;
      this.push(`→ ${String(e.toolName)} ${argSummary(e.args)}`);
      return true;
    }
    if (e.type === "tool_execution_end" && e.isError === true) {
      this.push(`✗ ${String(e.toolName)} failed`);
      return true;
    }
    if (e.type === "message_end" && (e.message as AssistantMessage).role === "assistant") {
      const m = e.message as AssistantMessage;
      this.details.model = `${m.provider}/${m.model}`;
      this.details.usage.input += m.usage?.input ?? 0;
      this.details.usage.output += m.usage?.output ?? 0;
      this.details.usage.cost += m.usage?.cost?.total ?? 0;
      const text = m.content.flatMap((c) => (c.type === "text" ? [c.text] : [])).join(" ");
      if (text.trim()) this.push(`“${oneLine(text)}”`);
      return true;
    }
    return false;
  }

  /** The tool row's text: a status line, then the most recent activity, newest first. */
  text(): string {
    const d = this.details;
    const head = `${ICON[d.status]} ${d.agent}${d.model ? ` (${d.model})` : ""} · ${d.turns} turn${d.turns === 1 ? "" : "s"} · ${d.toolCalls} tool call${d.toolCalls === 1 ? "" : "s"}`;
    return [head, ...[...this.activity].reverse()].join("\n");
  }

  /** The details of a partial result: the summary and the recent activity. */
  partial(): SubagentDetails {
    return { ...this.details, usage: { ...this.details.usage }, activity: [...this.activity] };
  }

  private push(line: string): void {
    this.activity.push(line);
    if (this.activity.length > RECENT) this.activity.shift();
  }
}

const ICON: Record<ChildStatus, string> = { queued: "…", running: "⏳", done: "✓", failed: "✗", aborted: "■" };

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > LINE ? `${flat.slice(0, LINE - 1)}…` : flat;
}

/** The argument that says most: a path, a command, a pattern, else the JSON. */
function argSummary(args: unknown): string {
  if (!args || typeof args !== "object") return "";
  const a = args as Record<string, unknown>;
  const pick = ["path", "file_path", "command", "pattern", "query", "url", "agent"].find((k) => typeof a[k] === "string");
  return oneLine(pick ? String(a[pick]) : JSON.stringify(a));
}
