// pi's events on kernel hooks. Gates and transforms (input, tool_call, tool_result, context,
// before_provider_request, before_agent_start) run every extension's handlers in order and
// chain their answers; notifications (agent, turn, message and tool execution events, model and
// thinking changes, session_*) are delivered from the event, boot and shutdown hooks.
import type { AgentEvent, AgentMessage, InputResult, PluginApi, ToolResultEvent } from "pi-kernel";
import { createContext, emitSession } from "./context.js";
import type { HandlerEntry } from "./handlers.js";
import { mapMessageEnd } from "./message-end.js";
import { discoverResources } from "./resources.js";
import { customMessage, customToUser } from "./messages.js";
import { refreshPromptOptions } from "./prompt-options.js";
import type { Runtime } from "./runtime.js";
import { Stages } from "../../contracts/stages.js";

const NOTIFICATIONS = new Set([
  "agent_start",
  "agent_end",
  "agent_settled",
  "turn_start",
  "turn_end",
  "message_start",
  "message_update",
  "message_end",
  "tool_execution_start",
  "tool_execution_update",
  "tool_execution_end",
  "model_select",
  "thinking_level_select",
]);

export function mapEvents(rt: Runtime, api: PluginApi): void {
  const ctxFor = (e: HandlerEntry) => createContext(rt, e.api);
  let pendingStart = false;
  let runPrompt: { base: string; result: string } | undefined;
  const messageEnd = mapMessageEnd(rt, api);
  rt.finishMessage = messageEnd.finish;

  // As in pi, extensions hear session_start once the session, the model and the interactive UI
  // are in place (the UI is drawn at NORMAL + 25), so their ctx.ui calls land.
  api.on(
    "boot",
    async (b) => {
      // pi's getCommands() at session_start already lists skills and prompt templates: let the
      // live sources (skills, prompts) finish their first look before the handlers run.
      await api.services.get("commands")?.list();
      // Only the extensions (re)started by this load hear it: saving one extension does not restart the others.
      const started = new Set(rt.started);
      rt.started.clear();
      await emitSession(rt, { type: "session_start", reason: b.reason }, (e) => started.has(e));
      rt.bound = true;
      await discoverResources(rt, api, b.reason);
    },
    { stage: Stages.EXTENSIONS },
  );
  api.on("shutdown", (reason) => emitSession(rt, { type: "session_shutdown", reason: reason === "reload" ? "reload" : "quit" }));

  api.on("event", (event: AgentEvent) => {
    if (event.type === "agent_start") {
      rt.run = new AbortController();
      rt.turnIndex = 0;
      pendingStart = true;
      runPrompt = undefined;
    }
    const compacted = event.type === "compaction_end" ? (event as { result?: Record<string, unknown> }).result : undefined;
    if (compacted)
      void rt.handlers.each(
        { type: "session_compact", compactionEntry: { type: "compaction", ...compacted }, fromExtension: false },
        ctxFor,
      );
    // Loop messages already met the message_end handlers (which could replace them) before this.
    const delivered = event.type === "message_end" && messageEnd.seen(event.message);
    if (NOTIFICATIONS.has(event.type) && rt.handlers.has(event.type) && !delivered) {
      const payload: Record<string, unknown> = { ...event };
      if (event.type === "turn_start" || event.type === "turn_end")
        Object.assign(payload, { turnIndex: rt.turnIndex, timestamp: Date.now() });
      // Delivered in order, without holding up the loop (pi awaits them; our event hook is sync).
      void rt.handlers.each(payload, ctxFor);
    }
    if (event.type === "turn_end") rt.turnIndex++;
    if (event.type === "agent_end") {
      rt.run = undefined;
      pendingStart = false;
    }
  });

  api.on("input", async (e): Promise<InputResult | undefined> => {
    if (!rt.handlers.has("input")) return undefined;
    let text = e.text;
    let images = e.images;
    let handled = false;
    await rt.handlers.each({ type: "input", text, images, source: e.source }, ctxFor, (o) => {
      const r = o.ok ? (o.value as { action?: string; text?: string; images?: typeof images } | undefined) : undefined;
      if (r?.action === "handled") return (handled = true);
      if (r?.action === "transform" && typeof r.text === "string") {
        text = r.text;
        images = r.images ?? images;
      }
      return false;
    });
    if (handled) return { action: "handled" };
    return text !== e.text || images !== e.images ? { action: "transform", text, images } : undefined;
  });

  api.on("toolCall", async (e) => {
    let block: { block: true; reason?: string } | undefined;
    // `input` is the call's own arguments object: handlers may change it in place, as in pi.
    await rt.handlers.each({ type: "tool_call", toolCallId: e.toolCallId, toolName: e.toolName, input: e.input }, ctxFor, (o, entry) => {
      if (!o.ok) block = { block: true, reason: `Blocked because extension "${entry.ext}" failed: ${o.error}` };
      else if ((o.value as { block?: boolean } | undefined)?.block)
        block = { block: true, reason: (o.value as { reason?: string }).reason };
      return block !== undefined;
    });
    return block;
  });

  api.on("toolResult", async (e): Promise<ToolResultEvent> => {
    let current = e;
    for (const entry of rt.handlers.list("tool_result")) {
      const { result } = current;
      const o = await rt.handlers.call(
        entry,
        {
          type: "tool_result",
          toolCallId: e.toolCallId,
          toolName: e.toolName,
          input: e.input,
          content: result.content,
          details: result.details,
          isError: current.isError,
        },
        ctxFor(entry),
      );
      const patch = o.ok ? (o.value as { content?: typeof result.content; details?: unknown; isError?: boolean } | undefined) : undefined;
      if (!patch) continue;
      const isError = patch.isError ?? current.isError;
      current = {
        ...current,
        isError,
        result: { ...result, content: patch.content ?? result.content, details: patch.details ?? result.details, isError },
      };
    }
    return current;
  });

  api.on(
    "context",
    async (messages) => {
      let out: AgentMessage[] = messages;
      for (const entry of rt.handlers.list("context")) {
        const o = await rt.handlers.call(entry, { type: "context", messages: structuredClone(out) }, ctxFor(entry));
        const next = o.ok ? (o.value as { messages?: AgentMessage[] } | undefined)?.messages : undefined;
        if (Array.isArray(next)) out = next;
      }
      return out.map(customToUser);
    },
    { stage: Stages.LATE },
  );

  // pi awaits these before the stream is read; with no handler the tap returns at once.
  api.on("providerResponse", async (r) => {
    if (rt.handlers.has("after_provider_response"))
      await rt.handlers.each({ type: "after_provider_response", status: r.status, headers: r.headers }, ctxFor);
  });

  api.on("providerRequest", async (payload) => {
    let out = payload;
    for (const entry of rt.handlers.list("before_provider_request")) {
      const o = await rt.handlers.call(entry, { type: "before_provider_request", payload: out }, ctxFor(entry));
      if (o.ok && o.value !== undefined) out = o.value;
    }
    return out;
  });

  // before_agent_start runs once per prompt, at the run's first system prompt; its answer holds
  // for the rest of the run.
  api.on(
    "systemPrompt",
    async (prompt) => {
      rt.systemPrompt = prompt;
      // Kept fresh only once an extension asked for getSystemPromptOptions().
      if (rt.promptOptions) void refreshPromptOptions(rt, api);
      if (runPrompt && runPrompt.base === prompt) return (rt.systemPrompt = runPrompt.result);
      if (!pendingStart || !rt.handlers.has("before_agent_start")) return prompt;
      pendingStart = false;
      const last = [...api.agent.messages].reverse().find((m) => m.role === "user");
      const text =
        typeof last?.content === "string"
          ? last.content
          : Array.isArray(last?.content)
            ? (last.content as { type: string; text?: string }[])
                .filter((c) => c.type === "text")
                .map((c) => c.text)
                .join("\n")
            : "";
      let system = prompt;
      for (const entry of rt.handlers.list("before_agent_start")) {
        const o = await rt.handlers.call(entry, { type: "before_agent_start", prompt: text, systemPrompt: system }, ctxFor(entry));
        const r = o.ok ? (o.value as { message?: Record<string, unknown>; systemPrompt?: string } | undefined) : undefined;
        if (typeof r?.systemPrompt === "string") system = r.systemPrompt;
        if (r?.message) {
          const message = customMessage(r.message);
          api.actions.setMessages([...api.agent.messages, message]);
          api.actions.emit({ type: "message_start", message });
          api.actions.emit({ type: "message_end", message });
        }
      }
      runPrompt = { base: prompt, result: system };
      return (rt.systemPrompt = system);
    },
    { stage: Stages.EXTENSIONS_LATE },
  );
}
