// One message of the transcript: the user's prompt, the assistant's thinking, text and tool calls
// (each with its result, looked up by call id), a shell command run by the user, a plugin's
// custom message, a compaction or branch summary. Tool results are drawn inside their call's row.
import { memo } from "../memo.js";
import { useMemo } from "preact/hooks";
import { renderMarkdown } from "../markdown.js";
import type { Message as AgentMessage, ToolResult } from "../messages.js";
import { blocks, textOf } from "../messages.js";
import type { LiveTool } from "../state.js";
import { ToolRow } from "./ToolRow.js";

export function Markdown({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  return <div class="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

interface Props {
  message: AgentMessage;
  results: Map<string, ToolResult>;
  live: Record<string, LiveTool>;
}

function Assistant({ message, results, live }: Props) {
  return (
    <div class="msg msg-assistant">
      {blocks(message).map((block, i) => {
        if (block.type === "thinking")
          return block.thinking.trim() ? (
            <details key={i} class="thinking">
              <summary>thinking</summary>
              <div class="thinking-text">{block.thinking}</div>
            </details>
          ) : null;
        if (block.type === "text") return <Markdown key={i} text={block.text} />;
        if (block.type === "toolCall") {
          const state = live[block.id];
          return (
            <ToolRow key={block.id || i} call={block} result={results.get(block.id) ?? state?.partial} running={state?.running ?? false} />
          );
        }
        return null;
      })}
      {message.stopReason === "error" && <div class="msg-error">{message.errorMessage ?? "The request failed"}</div>}
      {message.stopReason === "aborted" && <div class="msg-note">Stopped</div>}
    </div>
  );
}

function MessageView(props: Props) {
  const { message } = props;
  switch (message.role) {
    case "user":
      return (
        <div class="msg msg-user">
          <div class="user-text">{textOf(message)}</div>
        </div>
      );
    case "assistant":
      return <Assistant {...props} />;
    case "bashExecution":
      return (
        <div class="msg msg-bash">
          <div class="tool-head">
            <span class="tool-name">$</span>
            <span class="tool-subject">{message.command}</span>
          </div>
          {message.output ? <pre class="tool-output">{message.output}</pre> : null}
        </div>
      );
    case "custom":
      return message.display === false ? null : (
        <div class="msg msg-custom">
          <span class="custom-type">[{message.customType}]</span> <Markdown text={textOf(message)} />
        </div>
      );
    case "compactionSummary":
    case "branchSummary":
      return (
        <details class="msg msg-summary">
          <summary>{message.role === "compactionSummary" ? "Earlier conversation, summarised" : "Branch summary"}</summary>
          <Markdown text={message.summary ?? ""} />
        </details>
      );
    default:
      return null;
  }
}

/** Redrawn only when its message, the results or the live tools change. */
export const MessageRow = memo(MessageView);
