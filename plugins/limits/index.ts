// Limits for every mode: --max-turns, --max-cost (USD, from the models' prices; a subagent's cost
// counts toward its parent) and --max-time, or settings `limits.*`. A limit reached stops the run
// at the next turn boundary: the turn's tool calls finish and their results are marked
// `terminate`, so the loop ends with a complete, resumable session. A turn still running after
// the grace period (limits.graceSeconds, default 30) is aborted. The interactive UI is told, and
// the next message goes on with a fresh budget; print mode and `pi run` exit 2 (they read
// `stopped()` from the "limits" service, which `pi run` also uses to stop on SIGTERM).
import { definePlugin, type PluginApi, Type } from "pi-kernel";
import type { LimitsService, LimitValues, RunStop } from "../../contracts/limits.js";
import { RunBudget } from "./run-budget.js";
import { limitValues } from "./values.js";

const DEFAULT_GRACE_SECONDS = 30;

interface State {
  budget: RunBudget;
  deadline?: NodeJS.Timeout;
  grace?: NodeJS.Timeout;
}

export default definePlugin({
  name: "limits",
  provides: ["limits"],
  uses: ["ui"],
  flags: {
    "max-turns": { type: "number", description: "stop after this many model turns (exit 2 headless)" },
    "max-cost": { type: "number", description: "stop once the run has cost this many USD (subagents included)" },
    "max-time": { type: "string", description: "stop after this long: 90s, 10m, 1h (a bare number is seconds)" },
  },
  settings: Type.Object({
    limits: Type.Optional(
      Type.Object({
        maxTurns: Type.Optional(Type.Integer({ minimum: 1 })),
        maxCost: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
        maxTime: Type.Optional(Type.Union([Type.String(), Type.Number({ exclusiveMinimum: 0 })])),
        graceSeconds: Type.Optional(Type.Number({ minimum: 0 })),
      }),
    ),
  }),
  setup(api) {
    const state = api.keep<State>("state", () => ({ budget: new RunBudget({}) }));
    const read = (): LimitValues | string => limitValues({ flags: api.flags, settings: api.settings.limits });
    api.on("boot", () => {
      const values = read();
      // A limit that cannot be read must not become a run without one.
      if (typeof values === "string") api.diagnose({ level: "error", where: "limits", fatal: true, message: values });
    });
    const stop = (s: RunStop) => request(api, state, s);
    api.on("event", (event) => {
      if (event.type === "agent_start") return begin(state, read, stop);
      if (event.type === "agent_end") return end(api, state);
      const reached = state.budget.count(event);
      if (reached) stop(reached);
    });
    // The turn boundary: a result marked `terminate` (all of the turn's are) ends the loop after this turn.
    api.on("toolResult", (event) => {
      const pending = state.budget.pending;
      if (!pending) return event;
      state.budget.stopped = pending;
      return { ...event, result: { ...event.result, terminate: true } };
    });
    const service: LimitsService = {
      values: () => state.budget.limits,
      stopped: () => state.budget.stopped,
      usage: () => state.budget.usage(),
      stop,
    };
    api.services.provide("limits", service);
    api.onDispose(() => clearTimers(state));
  },
});

function begin(state: State, read: () => LimitValues | string, stop: (s: RunStop) => void): void {
  clearTimers(state);
  const values = read();
  state.budget = new RunBudget(typeof values === "string" ? state.budget.limits : values);
  state.budget.start();
  const { maxTime } = state.budget.limits;
  if (maxTime !== undefined) {
    state.deadline = setTimeout(() => stop({ cause: "time", reason: `max time (${seconds(maxTime)}) reached` }), maxTime);
    state.deadline.unref();
  }
}

/** Asks the run in flight to stop at the next boundary; after the grace period it is aborted. */
function request(api: PluginApi, state: State, stop: RunStop): void {
  const { budget } = state;
  if (budget.pending) return;
  // Between runs there is no turn to finish: the front end asking sees the stop at once.
  if (!api.agent.isStreaming) {
    budget.stopped ??= stop;
    return;
  }
  budget.pending = stop;
  const setting = api.settings.limits?.graceSeconds;
  const graceMs = (typeof setting === "number" && setting >= 0 ? setting : DEFAULT_GRACE_SECONDS) * 1000;
  state.grace = setTimeout(() => {
    if (!api.agent.isStreaming) return;
    budget.stopped = stop;
    api.actions.abort();
  }, graceMs);
  state.grace.unref();
}

function end(api: PluginApi, state: State): void {
  clearTimers(state);
  const { budget } = state;
  // A stop asked for during the last turn, which then ended with a final answer, is no stop.
  budget.pending = undefined;
  const stopped = budget.stopped;
  if (!stopped) return;
  const ui = api.services.get("ui");
  ui?.notify(`Stopped: ${stopped.reason}. The session is saved; send a message to continue.`, "warning");
}

function clearTimers(state: State): void {
  clearTimeout(state.deadline);
  clearTimeout(state.grace);
  state.deadline = state.grace = undefined;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${(ms / 1000).toFixed(1)}s`;
}
