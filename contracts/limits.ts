// The "limits" service (provided by the limits plugin): what a run may spend (turns, cost, time)
// and why it stopped early. The run stops cleanly at a turn boundary: the tools of the turn in
// flight finish (or are aborted after a grace period), the session keeps every message, and a
// next prompt (`pi -c`, or the next message in the interactive mode) goes on with a fresh budget.
// Headless front ends (print mode, `pi run`) read `stopped()` for their exit code; `pi run` also
// asks for a stop itself (SIGTERM, a permission question nobody can answer).

/** What stopped a run: one of the three limits, or a stop a front end asked for. */
export type StopCause = "turns" | "cost" | "time" | "interrupted" | "needs-approval";

export interface RunStop {
  cause: StopCause;
  /** One sentence for the person: `max turns (3) reached`. */
  reason: string;
}

export interface RunUsage {
  /** Assistant messages of this run. */
  turns: number;
  /** USD, from the models' prices; subagents' cost included (their tool results carry it). */
  cost: number;
  input: number;
  output: number;
  /** Since the run started. */
  ms: number;
}

export interface LimitValues {
  maxTurns?: number;
  maxCost?: number;
  /** Milliseconds. */
  maxTime?: number;
}

export interface LimitsService {
  /** The limits in force (flags over settings). */
  values(): LimitValues;
  /** Why the current or last run stopped early; undefined when it ran to its natural end. */
  stopped(): RunStop | undefined;
  /** What the current or last run used. */
  usage(): RunUsage;
  /** Stops the running turn loop at the next turn boundary (aborting after the grace period). */
  stop(stop: RunStop): void;
}

declare module "pi-kernel" {
  interface Flags {
    /** --max-turns, --max-cost, --max-time (declared by the limits plugin; text until parsed). */
    maxTurns: number;
    maxCost: number;
    maxTime: string;
  }
  interface Settings {
    limits: { maxTurns?: number; maxCost?: number; maxTime?: string | number; graceSeconds?: number };
  }
  interface Services {
    limits: LimitsService;
  }
}
