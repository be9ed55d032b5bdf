// Print mode (`pi -p`, `--mode text`, or piped stdin) and JSON mode (`--mode json`): run each
// message in turn. Print writes the text of the final assistant message to stdout (exit 0), or
// its error to stderr (exit 1). JSON writes the session header, then every event as one line.
// stdout belongs to that output alone: console.log from plugins goes to stderr.
import { eventLine, exitOnSignals, guardStdout, toPiEvent } from "../../lib/mode-kit/index.js";
import { definePlugin, type AssistantMessage, type ImageContent, type PluginApi } from "pi-kernel";

type Writer = ReturnType<typeof guardStdout>;

export default definePlugin({
  name: "mode-print",
  uses: ["compaction", "sessions", "limits", "output-schema"],
  setup(api) {
    const mode = api.flags.mode;
    // Problems reach the user on stderr while the run goes on (including start-up ones).
    if (mode === "print" || mode === "json") {
      api.on("diagnostic", (d) => {
        if (d.level !== "info" || api.flags.verbose) process.stderr.write(`pi: ${d.level}: ${d.message}\n`);
      });
    }
    let out: Writer | undefined;
    api.on("event", (event) => {
      const line = mode === "json" && out ? toPiEvent(event) : undefined;
      if (line) out!.write(eventLine(line));
    });
    const run = async (json: boolean, messages: string[], images?: ImageContent[]) => {
      out = guardStdout();
      const unhook = exitOnSignals(api.actions);
      try {
        if (json) out.write(`${JSON.stringify(sessionHeader(api))}\n`);
        return await runMessages(api, messages, images, json ? undefined : out);
      } finally {
        unhook();
        await out.flush();
        out.restore();
        out = undefined;
      }
    };
    api.register.surface({
      name: "print",
      description: "run the messages, print the final answer",
      run: (c) => run(false, c.messages, c.images),
    });
    api.register.surface({
      name: "json",
      description: "run the messages, print every event as JSON",
      run: (c) => run(true, c.messages, c.images),
    });
  },
});

async function runMessages(
  api: PluginApi,
  messages: string[],
  images: ImageContent[] | undefined,
  print: Writer | undefined,
): Promise<number> {
  if (messages.length === 0) {
    process.stderr.write('pi: no message given. Usage: pi -p "your task"\n');
    return 1;
  }
  for (const [i, message] of messages.entries()) {
    await api.actions.prompt(message, { source: "cli", images: i === 0 ? images : undefined });
    // A context overflow is compacted and retried after the run ends; wait for that answer.
    await api.services.get("compaction")?.idle();
    const stopped = api.services.get("limits")?.stopped();
    if (stopped) {
      process.stderr.write(`pi: stopped: ${stopped.reason}; the session is saved (pi -c continues it)\n`);
      return 2;
    }
  }
  const schema = api.services.get("output-schema");
  if (!print && !schema) return 0;
  const last = api.agent.messages.at(-1);
  if (last?.role !== "assistant") return 0;
  const answer = last as AssistantMessage;
  if (answer.stopReason === "error" || answer.stopReason === "aborted") {
    process.stderr.write(`pi: ${answer.errorMessage ?? `request ${answer.stopReason}`}\n`);
    return 1;
  }
  // With --output-schema stdout is exactly the JSON; an answer that never matched fails the run.
  const verdict = schema?.check(answer);
  if (verdict && !verdict.ok) process.stderr.write(`pi: --output-schema: ${verdict.error}\n`);
  if (verdict) {
    if (verdict.ok) print?.write(`${verdict.text}\n`);
    return verdict.ok ? 0 : 1;
  }
  if (!print) return 0;
  for (const block of answer.content) if (block.type === "text") print.write(`${block.text}\n`);
  return 0;
}

/** pi's session header line; the sessions service supplies the real one when it is loaded. */
function sessionHeader(api: PluginApi): Record<string, unknown> {
  const sessions = api.services.get("sessions");
  return (
    (sessions?.header?.() as Record<string, unknown> | undefined) ?? {
      type: "session",
      version: 3,
      id: api.agent.sessionId,
      timestamp: new Date().toISOString(),
      cwd: api.cwd,
    }
  );
}
