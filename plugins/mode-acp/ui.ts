// The "ui" service in ACP mode. What plugins and commands tell the user (a command's text, /help,
// a warning) appears in the conversation as an agent message; outside a session it goes to
// stderr, the agent's log. ACP has no general dialogs, so select, input and editor answer nothing
// and confirm answers no, as a client that does not answer would (permission questions have their
// own request: see permission.ts).
import type { UiService } from "../../contracts/ui.js";
import type { AcpState } from "./state.js";
import type { EventBridge } from "./updates.js";

export function acpUi(state: AcpState, bridge: () => EventBridge | undefined): UiService {
  return {
    notify(message, level = "info") {
      const link = bridge();
      if (!link || !state.sessionId) return void process.stderr.write(`pi: ${level}: ${message}\n`);
      const text = level === "info" ? message : `**${level}:** ${message}`;
      link.send({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: text.endsWith("\n") ? text : `${text}\n` } });
    },
    select: async () => undefined,
    confirm: async () => false,
    input: async () => undefined,
    editor: async () => undefined,
    setStatus: () => {},
    setWidget: () => {},
    setTitle: () => {},
    setEditorText: () => {},
    getEditorText: () => "",
  };
}
