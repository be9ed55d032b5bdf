// The conversation: every message, then the answer being streamed. It follows the bottom while
// the reader is there; scrolling up to read stops that until they come back down.
import { useEffect, useMemo, useRef } from "preact/hooks";
import type { Message, ToolResult } from "../messages.js";
import type { LiveTool } from "../state.js";
import { MessageRow } from "./Message.js";

interface Props {
  messages: Message[];
  streaming?: Message;
  live: Record<string, LiveTool>;
}

/** Tool results by call id, so each call's row draws its own result. */
function resultsOf(messages: Message[]): Map<string, ToolResult> {
  const map = new Map<string, ToolResult>();
  for (const m of messages) {
    if (m.role === "toolResult" && m.toolCallId)
      map.set(m.toolCallId, { content: m.content as ToolResult["content"], details: m.details, isError: m.isError });
  }
  return map;
}

export function Transcript({ messages, streaming, live }: Props) {
  const results = useMemo(() => resultsOf(messages), [messages]);
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  useEffect(() => {
    const el = box.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  });
  const onScroll = () => {
    const el = box.current;
    if (el) atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  };
  return (
    <div class="transcript" ref={box} onScroll={onScroll} aria-live="polite">
      {messages.length === 0 && !streaming ? <div class="empty">Ask anything. Type / for commands.</div> : null}
      {messages.map((m, i) => (
        <MessageRow key={i} message={m} results={results} live={live} />
      ))}
      {streaming ? (
        <div class="streaming">
          <MessageRow message={streaming} results={results} live={live} />
        </div>
      ) : null}
    </div>
  );
}
