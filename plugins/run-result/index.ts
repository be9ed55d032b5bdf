// The result contract of a headless job (`pi run --task task.json --out DIR`, or `pi -p --out DIR`):
// the run's messages are sent as print mode would, and DIR receives
//   result.json    status (done/failed/limit/needs-approval/interrupted), reason, final text or JSON,
//                  tokens, cost, turns, duration, session file;
//   changes.patch  the workspace's changes since the start (`git diff --binary`, ./workspace-snapshot.ts);
//   events.jsonl   the JSON event stream (`--mode json`'s lines);
//   session.jsonl  a copy of the session (result.json names the original, which `pi --session` resumes);
//   trajectory.json the session as a Harbor trajectory (ATIF, lib/session-kit/atif.ts).
// The run never prompts: a permission question is denied, the run stops at the turn boundary and
// exits 3. SIGTERM stops it at the turn boundary too (a second one aborts), and the result is still written.
import { copyFileSync, createWriteStream, existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { eventLine, guardStdout, ownVersion, toPiEvent } from "../../lib/mode-kit/index.js";
import { toAtif } from "../../lib/session-kit/index.js";
import { type AssistantMessage, definePlugin, type ImageContent, type PluginApi } from "pi-kernel";
import { Stages } from "../../contracts/stages.js";
import { EXIT_CODES, outcome } from "./outcome.js";
import { WorkspaceSnapshot } from "./workspace-snapshot.js";

declare module "pi-kernel" {
  interface Flags {
    /** --out DIR (declared by the run-result plugin): write the run's result files there. */
    out: string;
  }
}

export default definePlugin({
  name: "run-result",
  requires: ["limits"],
  uses: ["permissions", "sessions", "output-schema", "compaction"],
  flags: {
    out: { type: "string", description: "headless job: write result.json, changes.patch, events.jsonl and the session to DIR" },
  },
  setup(api) {
    let events: ((line: string) => void) | undefined;
    api.on("event", (event) => {
      const line = events && toPiEvent(event);
      if (line) events!(eventLine(line));
    });
    // The snapshot starts as soon as the plugin is set up for a job, so git records the workspace
    // while the rest of start-up runs instead of after it (kept across a reload: one per run).
    const snapshot = api.keep("snapshot", () => (typeof api.flags.out === "string" ? takeSnapshot(api) : undefined));
    // No tool may change the workspace before its starting state is recorded.
    api.on("toolCall", async () => void (await snapshot), { stage: Stages.SNAPSHOT });
    api.register.surface({
      name: "run",
      description: "a headless job with a result folder (pi run)",
      claims: (flags) => typeof flags.out === "string",
      run: async ({ messages, images }) => {
        const out = outDir(api);
        mkdirSync(out, { recursive: true });
        const stream = createWriteStream(join(out, "events.jsonl"));
        events = (line) => stream.write(line);
        events(`${JSON.stringify(api.services.get("sessions")?.header() ?? { type: "session", id: api.agent.sessionId })}\n`);
        const started = Date.now();
        const unhook = neverAsk(api);
        const unsignal = stopOnSignals(api);
        try {
          await runMessages(api, messages, images);
        } finally {
          unsignal();
          unhook();
          events = undefined;
          await new Promise((r) => stream.end(r));
        }
        return finish(api, out, started, await snapshot);
      },
    });
  },
});

function outDir(api: PluginApi): string {
  return resolve(api.cwd, String(api.flags.out));
}

/** The workspace's starting state; a failure only costs changes.patch, with a warning. */
function takeSnapshot(api: PluginApi): Promise<WorkspaceSnapshot | undefined> {
  return WorkspaceSnapshot.take(api.cwd, [outDir(api)]).catch((error: Error) => {
    api.diagnose({ level: "warning", where: "run-result", message: `no changes.patch: ${error.message}` });
    return undefined;
  });
}

async function runMessages(api: PluginApi, messages: string[], images: ImageContent[] | undefined): Promise<void> {
  for (const [i, message] of messages.entries()) {
    await api.actions.prompt(message, { source: "cli", images: i === 0 ? images : undefined });
    await api.services.get("compaction")?.idle();
    if (api.services.use("limits").stopped()) return;
  }
}

/** Writes the result files; prints the answer (or the JSON) like print mode; returns the exit code. */
async function finish(api: PluginApi, out: string, started: number, snapshot: WorkspaceSnapshot | undefined): Promise<number> {
  const last = [...api.agent.messages].reverse().find((m) => m.role === "assistant") as AssistantMessage | undefined;
  const schema = api.services.get("output-schema");
  const limits = api.services.use("limits");
  const result = outcome(limits.stopped(), last, last && schema ? schema.check(last) : undefined);
  // git diffs the workspace in its own processes while this one copies the session and writes the trajectory.
  const patching = writePatch(api, out, snapshot);
  const sessionFile = api.services.get("sessions")?.file;
  const hasSession = sessionFile !== undefined && existsSync(sessionFile);
  if (hasSession) copyFileSync(sessionFile, join(out, "session.jsonl"));
  const trajectory = writeTrajectory(api, out);
  const patch = await patching;
  const usage = limits.usage();
  const json = {
    status: result.status,
    exitCode: EXIT_CODES[result.status],
    ...(result.reason ? { reason: result.reason } : {}),
    final: result.final ?? null,
    usage: { input: usage.input, output: usage.output, cost: usage.cost },
    turns: usage.turns,
    durationMs: Date.now() - started,
    model: api.agent.model ? `${api.agent.model.provider}/${api.agent.model.id}` : null,
    session: hasSession ? { file: sessionFile, copy: "session.jsonl", id: api.agent.sessionId } : null,
    files: { patch: patch ?? null, events: "events.jsonl", trajectory },
  };
  const tmp = join(out, `.result.json.${process.pid}`);
  writeFileSync(tmp, `${JSON.stringify(json, null, 2)}\n`);
  renameSync(tmp, join(out, "result.json"));
  report(result.status === "done" ? result.final : undefined, result.reason);
  return EXIT_CODES[result.status];
}

/** changes.patch, or undefined (with a warning) when there is no snapshot or git failed. */
async function writePatch(api: PluginApi, out: string, snapshot: WorkspaceSnapshot | undefined): Promise<string | undefined> {
  if (!snapshot) return undefined;
  try {
    await snapshot.writePatch(api.cwd, join(out, "changes.patch"));
    return "changes.patch";
  } catch (error) {
    api.diagnose({ level: "warning", where: "run-result", message: `no changes.patch: ${(error as Error).message}` });
    return undefined;
  } finally {
    snapshot.dispose();
  }
}

/** trajectory.json for Harbor's viewer and pipelines; null without a session plugin. */
function writeTrajectory(api: PluginApi, out: string): string | null {
  const sessions = api.services.get("sessions");
  if (!sessions) return null;
  const trajectory = toAtif(sessions.header(), sessions.path(), { name: "pi-kernel", version: ownVersion() });
  writeFileSync(join(out, "trajectory.json"), `${JSON.stringify(trajectory, null, 2)}\n`);
  return "trajectory.json";
}

/** The answer on stdout (JSON when it is a value), the reason on stderr: as print mode. */
function report(final: unknown, reason: string | undefined): void {
  if (reason) process.stderr.write(`pi: ${reason}\n`);
  if (final === undefined) return;
  const out = guardStdout();
  out.write(`${typeof final === "string" ? final : JSON.stringify(final)}\n`);
  void out.flush().then(() => out.restore());
}

/** Nobody answers a permission question in a job: it is denied and the run stops (exit 3). */
function neverAsk(api: PluginApi): () => void {
  const permissions = api.services.get("permissions");
  if (!permissions) return () => {};
  return permissions.setAsker(async (request) => {
    const reason = `permission needed for ${request.summary} (permission mode ${permissions.mode()}) and nobody can answer in a job; allow it with a rule such as "${request.suggestedRule}" or another permission mode`;
    api.services.use("limits").stop({ cause: "needs-approval", reason });
    return { decision: "deny", message: `Denied: ${reason}.` };
  });
}

/** SIGTERM/SIGINT: stop at the turn boundary (the result is still written); a second signal aborts. */
function stopOnSignals(api: PluginApi): () => void {
  let received = false;
  const handler = (signal: NodeJS.Signals) => {
    if (received) return api.actions.abort();
    received = true;
    api.services.use("limits").stop({ cause: "interrupted", reason: `interrupted by ${signal}` });
  };
  for (const s of ["SIGTERM", "SIGINT"] as const) process.on(s, handler);
  return () => {
    for (const s of ["SIGTERM", "SIGINT"] as const) process.off(s, handler);
  };
}
