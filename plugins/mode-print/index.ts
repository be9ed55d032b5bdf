// Print mode (`pi -p`, `--mode text`, or piped stdin): run each message in turn, print the text
// of the last assistant message to stdout, exit 0; on an error or abort, print it to stderr and
// exit 1. stdout belongs to the answer alone: console.log from plugins is sent to stderr.
import { definePlugin, type AgentMessage, type AssistantMessage, type ImageContent, type PluginApi } from "pi-kernel";

export default definePlugin({
  name: "mode-print",
  setup(api) {
    // Problems reach the user on stderr while the run goes on (including start-up ones).
    if (api.flags.mode === "print") {
      api.on("diagnostic", (d) => {
        if (d.level !== "info" || api.flags.verbose) process.stderr.write(`pi: ${d.level}: ${d.message}\n`);
      });
    }
    api.register.surface({
      name: "print",
      description: "run the messages, print the final answer",
      run: ({ messages, images }) => runPrint(api, messages, images),
    });
  },
});

async function runPrint(api: PluginApi, messages: string[], images: ImageContent[] = []): Promise<number> {
  if (messages.length === 0) {
    process.stderr.write("pi: no message given. Usage: pi -p \"your task\"\n");
    return 1;
  }
  const restore = keepStdoutForTheAnswer();
  try {
    for (const [i, message] of messages.entries()) {
      await api.actions.prompt(message, { source: "cli", images: i === 0 ? images : undefined });
      const last = lastAssistant(api.agent.messages);
      if (last && (last.stopReason === "error" || last.stopReason === "aborted")) break;
    }
  } finally {
    restore();
  }
  const last = lastAssistant(api.agent.messages);
  if (!last) {
    process.stderr.write("pi: the agent produced no answer\n");
    return 1;
  }
  if (last.stopReason === "error" || last.stopReason === "aborted") {
    process.stderr.write(`pi: ${last.errorMessage ?? (last.stopReason === "aborted" ? "aborted" : "request failed")}\n`);
    return 1;
  }
  const text = last.content.filter((c) => c.type === "text").map((c) => c.text).join("");
  process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
  return 0;
}

function lastAssistant(messages: readonly AgentMessage[]): AssistantMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === "assistant") return messages[i] as AssistantMessage;
  return undefined;
}

function keepStdoutForTheAnswer(): () => void {
  const log = console.log;
  const info = console.info;
  console.log = (...args: unknown[]) => console.error(...args);
  console.info = console.log;
  return () => {
    console.log = log;
    console.info = info;
  };
}
