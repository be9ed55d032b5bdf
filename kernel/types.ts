// The data shapes every part of pi-kernel speaks. They follow pi's (pi-ai / pi-agent-core) so that
// sessions, the JSON event stream and RPC stay wire-compatible with pi.
import type { TSchema, Static } from "@sinclair/typebox";

// ---- content and messages -------------------------------------------------------------------

export interface TextContent { type: "text"; text: string; textSignature?: string }
export interface ThinkingContent { type: "thinking"; thinking: string; thinkingSignature?: string; redacted?: boolean }
export interface ImageContent { type: "image"; data: string; mimeType: string }
export interface ToolCall {
  type: "toolCall";
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  /** The streamed arguments did not parse: the call is answered with this error and never runs. */
  invalidArguments?: string;
  thoughtSignature?: string;
}

export interface Cost { input: number; output: number; cacheRead: number; cacheWrite: number; total: number }
export interface Usage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens: number;
  cost: Cost;
}

export type StopReason = "stop" | "length" | "toolUse" | "error" | "aborted";

export interface UserMessage {
  role: "user";
  content: string | (TextContent | ImageContent)[];
  timestamp: number;
}
export interface AssistantMessage {
  role: "assistant";
  content: (TextContent | ThinkingContent | ToolCall)[];
  api: string;
  provider: string;
  model: string;
  usage: Usage;
  stopReason: StopReason;
  errorMessage?: string;
  responseId?: string;
  timestamp: number;
}
export interface ToolResultMessage<D = unknown> {
  role: "toolResult";
  toolCallId: string;
  toolName: string;
  content: (TextContent | ImageContent)[];
  details?: D;
  isError: boolean;
  timestamp: number;
}
/** What a provider can send to a model. */
export type Message = UserMessage | AssistantMessage | ToolResultMessage;
/** What the agent keeps: LLM messages plus app-specific ones (bashExecution, custom, ...). */
export type AgentMessage = Message | { role: string; timestamp: number; [key: string]: unknown };

// ---- models and providers -------------------------------------------------------------------

export type ThinkingLevel = "off" | "minimal" | "low" | "medium" | "high" | "xhigh";

export interface Model {
  id: string;
  name: string;
  /** Wire format; the provider plugin registered under this name streams it. */
  api: string;
  provider: string;
  baseUrl: string;
  reasoning: boolean;
  input: ("text" | "image")[];
  cost: { input: number; output: number; cacheRead: number; cacheWrite: number };
  contextWindow: number;
  maxTokens: number;
  headers?: Record<string, string>;
  compat?: Record<string, unknown>;
  thinkingLevelMap?: Partial<Record<ThinkingLevel, string | null>>;
}

export interface ToolSpec { name: string; description: string; parameters: TSchema }

/** Everything a provider needs for one request. */
export interface LlmContext {
  systemPrompt: string;
  messages: Message[];
  tools: ToolSpec[];
}

export interface StreamOptions {
  signal?: AbortSignal;
  apiKey?: string;
  thinkingLevel?: ThinkingLevel;
  sessionId?: string;
  maxTokens?: number;
  temperature?: number;
  /** Lets plugins inspect or replace the provider-specific request body (providerRequest hook). */
  transformPayload?: (payload: unknown) => Promise<unknown>;
  /** Told the HTTP status and headers once a response arrives, before its body is read. */
  onResponse?: (response: { status: number; headers: Record<string, string> }) => Promise<void>;
}

export type AssistantMessageEvent =
  | { type: "start"; partial: AssistantMessage }
  | { type: "text_start"; contentIndex: number; partial: AssistantMessage }
  | { type: "text_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: "text_end"; contentIndex: number; content: string; partial: AssistantMessage }
  | { type: "thinking_start"; contentIndex: number; partial: AssistantMessage }
  | { type: "thinking_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: "thinking_end"; contentIndex: number; content: string; partial: AssistantMessage }
  | { type: "toolcall_start"; contentIndex: number; partial: AssistantMessage }
  | { type: "toolcall_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: "toolcall_end"; contentIndex: number; toolCall: ToolCall; partial: AssistantMessage }
  | { type: "done"; reason: "stop" | "length" | "toolUse"; message: AssistantMessage }
  | { type: "error"; reason: "error" | "aborted"; error: AssistantMessage };

/** A wire-format implementation. A stream never throws: failures end in an `error` event. */
export interface ProviderDef {
  /** The `api` name models refer to, e.g. "openai-completions". */
  api: string;
  stream(model: Model, context: LlmContext, options: StreamOptions): AsyncIterable<AssistantMessageEvent>;
}

// ---- tools ----------------------------------------------------------------------------------

export interface ToolResult<D = unknown> {
  content: (TextContent | ImageContent)[];
  details?: D;
  isError?: boolean;
  /** When every result of a batch sets this, the loop ends without another LLM call. */
  terminate?: boolean;
}
export type ToolUpdate<D = unknown> = (partial: ToolResult<D>) => void;

export interface ToolContext { cwd: string; signal: AbortSignal; toolCallId: string }

/** A tool's kind of effect: `read`/`search` change nothing, `edit` changes files, `execute` runs commands. */
export type ToolEffect = "read" | "search" | "edit" | "execute" | "fetch" | "other";

export interface ToolDef<S extends TSchema = TSchema, D = unknown> {
  name: string;
  label?: string;
  description: string;
  parameters: S;
  /** One line for the system prompt's "Available tools" list. */
  promptSnippet?: string;
  promptGuidelines?: string[];
  /** One sequential tool makes its whole batch sequential. Default: parallel. */
  executionMode?: "sequential" | "parallel";
  /** Active unless the user picks tools; grep/find/ls-like extras set false. */
  defaultActive?: boolean;
  /** Runs before validation, to accept legacy argument shapes. */
  prepareArguments?(raw: unknown): unknown;
  /** Replace a tool of this name another plugin registered; without it such a registration is refused. */
  override?: boolean;
  /** What the tool does; permissions, ACP kinds, checkpoints and labels read it, never the name. Default "other". */
  effect?: ToolEffect;
  /** The paths a call touches, as the model wrote them (consumers canonicalise them); none: no file paths. */
  paths?(params: Static<S>): string[];
  /** Where an `execute` tool's commands run: inside the "shellSandbox" service's sandbox, or in another process it does
   *  not spawn (an MCP server). Undefined: here, unconfined (refused while the OS sandbox is on). */
  runs?: "sandboxed" | "remote";
  execute(
    toolCallId: string,
    params: Static<S>,
    signal: AbortSignal,
    onUpdate: ToolUpdate<D>,
    ctx: ToolContext,
  ): Promise<ToolResult<D>>;
}

// ---- agent events (pi's AgentEvent) ---------------------------------------------------------

/**
 * Events plugins publish with `actions.emit`, declared by merging into this interface (event type
 * -> its fields), as contracts/events.ts does; `isEvent(e, "compaction_end")` then narrows to them.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface CustomEvents {}
export type CustomEvent = { [K in keyof CustomEvents]: { type: K } & CustomEvents[K] }[keyof CustomEvents];

/** Every event whose shape is known: the loop's, the kernel's own and the declared custom ones. */
export type KnownEvent =
  | { type: "agent_start" }
  | { type: "agent_end"; messages: AgentMessage[] }
  /** After agent_end, once the run is over and the agent idle (pi's agent_settled): a client's prompt is done. */
  | { type: "agent_settled" }
  | { type: "turn_start" }
  | { type: "turn_end"; message: AgentMessage; toolResults: ToolResultMessage[] }
  | { type: "message_start"; message: AgentMessage }
  | { type: "message_update"; message: AgentMessage; assistantMessageEvent: AssistantMessageEvent }
  | { type: "message_end"; message: AgentMessage }
  | { type: "tool_execution_start"; toolCallId: string; toolName: string; args: unknown }
  | { type: "tool_execution_update"; toolCallId: string; toolName: string; args: unknown; partialResult: ToolResult }
  | { type: "tool_execution_end"; toolCallId: string; toolName: string; result: ToolResult; isError: boolean }
  | { type: "queue_update"; steering: string[]; followUp: string[] }
  | { type: "model_select"; model: Model; previousModel: Model | undefined; source: "set" | "cycle" | "restore" }
  | { type: "thinking_level_select"; level: ThinkingLevel; previousLevel: ThinkingLevel }
  | CustomEvent;
/** What travels on the event hook: a known event, or one nobody declared (a pi extension's). */
export type AgentEvent = KnownEvent | { type: string; [key: string]: unknown };

export type QueueMode = "all" | "one-at-a-time";

// ---- diagnostics ----------------------------------------------------------------------------

export interface Diagnostic {
  level: "info" | "warning" | "error";
  message: string;
  /** A stable name for the kind of problem (kernel codes: DiagnosticCode), for matching. */
  code?: string;
  /** The plugin the problem belongs to, when known. */
  plugin?: string;
  /** The hook, file or phase where it happened. */
  where?: string;
  error?: unknown;
  /** The run cannot go on as asked: the CLI stops after start-up with exit code 1. */
  fatal?: boolean;
}
