// One run's spending, counted from its events, and the decision to stop it. The stop itself
// happens at a turn boundary (index.ts marks the turn's tool results `terminate`); this class only
// says when a limit is crossed and remembers why the run ended early.
import type { AgentEvent, AssistantMessage } from "pi-kernel";
import type { LimitValues, RunStop, RunUsage } from "../../contracts/limits.js";

export class RunBudget {
  private startedAt = Date.now();
  private used: Omit<RunUsage, "ms"> = { turns: 0, cost: 0, input: 0, output: 0 };
  /** A stop asked for and not yet carried out (the turn in flight is finishing). */
  pending: RunStop | undefined;
  /** The stop that ended the last run. */
  stopped: RunStop | undefined;

  constructor(readonly limits: LimitValues) {}

  start(): void {
    this.startedAt = Date.now();
    this.used = { turns: 0, cost: 0, input: 0, output: 0 };
    this.pending = undefined;
    this.stopped = undefined;
  }

  usage(): RunUsage {
    return { ...this.used, ms: Date.now() - this.startedAt };
  }

  /** Counts what the event spent; returns a stop when a turn or cost limit is now reached. */
  count(event: AgentEvent): RunStop | undefined {
    if (event.type === "message_end" && (event.message as AssistantMessage).role === "assistant") {
      const usage = (event.message as AssistantMessage).usage;
      this.used.turns++;
      this.add(usage?.cost?.total, usage?.input, usage?.output);
    } else if (event.type === "tool_execution_end") {
      // A subagent's result carries what its child spent (details.usage): it counts toward this run.
      const usage = (event.result as { details?: { usage?: { cost?: unknown; input?: unknown; output?: unknown } } })?.details?.usage;
      if (!usage) return undefined;
      this.add(usage.cost, usage.input, usage.output);
    } else return undefined;
    return this.check();
  }

  private add(cost: unknown, input: unknown, output: unknown): void {
    const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 0);
    this.used.cost += n(cost);
    this.used.input += n(input);
    this.used.output += n(output);
  }

  private check(): RunStop | undefined {
    const { maxTurns, maxCost } = this.limits;
    if (maxTurns !== undefined && this.used.turns >= maxTurns) {
      return { cause: "turns", reason: `max turns (${maxTurns}) reached` };
    }
    if (maxCost !== undefined && this.used.cost >= maxCost) {
      return { cause: "cost", reason: `max cost ($${maxCost}) reached: $${this.used.cost.toFixed(4)} spent` };
    }
    return undefined;
  }
}
