// The event bus: every typed hook declared in one place (webpack's `this.hooks` style), created
// fresh for each plugin generation so a retired generation's taps can never fire again.
import { DiagnosticCode, errorText, withTimeout } from "./errors.js";
import { AsyncSeriesBailHook, AsyncSeriesHook, AsyncSeriesWaterfallHook, SyncHook } from "tapable";
import type {
  AgentEvent, AgentMessage, Diagnostic, ImageContent, Model, ToolDef, ToolResult,
} from "./types.js";

export interface BootContext { reason: "startup" | "reload"; generation: number }
export interface InputEvent { text: string; images?: ImageContent[]; source: "interactive" | "rpc" | "extension" | "cli" }
/** `handled`: a command consumed the input. `transform`: replace it before it reaches the model. */
export type InputResult = { action: "handled" } | { action: "transform"; text: string; images?: ImageContent[] };
export interface SystemPromptContext { cwd: string; tools: ToolDef[]; model?: Model }
export interface ToolCallEvent { toolCallId: string; toolName: string; input: Record<string, unknown> }
export interface ToolCallBlock { block: true; reason?: string }
export interface ToolResultEvent { toolCallId: string; toolName: string; input: unknown; result: ToolResult; isError: boolean }
/** The HTTP response of a provider request, before its body is read. */
export interface ProviderResponse { status: number; headers: Record<string, string> }

type Awaitable<T> = T | Promise<T>;

/** The function a plugin taps onto each hook. */
export interface HookSignatures {
  boot: (ctx: BootContext) => Awaitable<void>;
  shutdown: (reason: string) => Awaitable<void>;
  input: (event: InputEvent) => Awaitable<InputResult | undefined | void>;
  systemPrompt: (prompt: string, ctx: SystemPromptContext) => Awaitable<string>;
  context: (messages: AgentMessage[], ctx: { model: Model }) => Awaitable<AgentMessage[]>;
  providerRequest: (payload: unknown, ctx: { model: Model }) => Awaitable<unknown>;
  providerResponse: (response: ProviderResponse, ctx: { model: Model }) => Awaitable<void>;
  /** A finished message before it is stored and announced (message_end): may replace it. */
  messageEnd: (message: AgentMessage) => Awaitable<AgentMessage>;
  toolCall: (event: ToolCallEvent) => Awaitable<ToolCallBlock | undefined | void>;
  toolResult: (event: ToolResultEvent) => Awaitable<ToolResultEvent>;
  event: (event: AgentEvent) => void;
  diagnostic: (d: Diagnostic) => void;
}
export type HookName = keyof HookSignatures;

/**
 * What happens when a tap throws or times out:
 * - `continue`: report it, the other taps still run (series, sync observers);
 * - `pass`: report it, the bail hook carries on as if the tap declined;
 * - `keep`: report it, the waterfall keeps the previous value;
 * - `block`: report it and fail closed (a gate that cannot answer blocks).
 */
type ErrorPolicy = "continue" | "pass" | "keep" | "block";
interface HookPolicy { kind: "series" | "bail" | "waterfall" | "sync"; onError: ErrorPolicy; timeoutMs: number }

// Timeouts are generous: `input` runs commands (which may wait on an LLM) and `toolCall` may ask
// the user, so neither is bounded by default; a tap can still set its own.
const POLICIES: Record<HookName, HookPolicy> = {
  boot: { kind: "series", onError: "continue", timeoutMs: 30_000 },
  shutdown: { kind: "series", onError: "continue", timeoutMs: 5_000 },
  input: { kind: "bail", onError: "pass", timeoutMs: 0 },
  systemPrompt: { kind: "waterfall", onError: "keep", timeoutMs: 5_000 },
  context: { kind: "waterfall", onError: "keep", timeoutMs: 10_000 },
  providerRequest: { kind: "waterfall", onError: "keep", timeoutMs: 10_000 },
  providerResponse: { kind: "series", onError: "continue", timeoutMs: 10_000 },
  messageEnd: { kind: "waterfall", onError: "keep", timeoutMs: 30_000 },
  toolCall: { kind: "bail", onError: "block", timeoutMs: 0 },
  toolResult: { kind: "waterfall", onError: "keep", timeoutMs: 30_000 },
  event: { kind: "sync", onError: "continue", timeoutMs: 0 },
  diagnostic: { kind: "sync", onError: "continue", timeoutMs: 0 },
};

/** Named stages order taps without `before` (lower runs first). */
export const Stage = { EARLY: -100, NORMAL: 0, LATE: 100 } as const;

export function createHooks() {
  return Object.freeze({
    boot: new AsyncSeriesHook<[BootContext]>(["ctx"]),
    shutdown: new AsyncSeriesHook<[string]>(["reason"]),
    input: new AsyncSeriesBailHook<[InputEvent], InputResult | undefined>(["event"]),
    systemPrompt: new AsyncSeriesWaterfallHook<[string, SystemPromptContext]>(["prompt", "ctx"]),
    context: new AsyncSeriesWaterfallHook<[AgentMessage[], { model: Model }]>(["messages", "ctx"]),
    providerRequest: new AsyncSeriesWaterfallHook<[unknown, { model: Model }]>(["payload", "ctx"]),
    providerResponse: new AsyncSeriesHook<[ProviderResponse, { model: Model }]>(["response", "ctx"]),
    messageEnd: new AsyncSeriesWaterfallHook<[AgentMessage]>(["message"]),
    toolCall: new AsyncSeriesBailHook<[ToolCallEvent], ToolCallBlock | undefined>(["event"]),
    toolResult: new AsyncSeriesWaterfallHook<[ToolResultEvent]>(["event"]),
    event: new SyncHook<[AgentEvent]>(["event"]),
    diagnostic: new SyncHook<[Diagnostic]>(["diagnostic"]),
  });
}
export type Hooks = ReturnType<typeof createHooks>;

export interface TapOptions { stage?: number; timeoutMs?: number }
export type Report = (d: Diagnostic) => void;

/** Taps `fn` for `plugin`, wrapped so its failures are attributed and contained. */
export function tapHook<K extends HookName>(
  hooks: Hooks, name: K, plugin: string, fn: HookSignatures[K], opts: TapOptions, report: Report,
): void {
  const policy = POLICIES[name];
  const tap = { name: plugin, stage: opts.stage ?? Stage.NORMAL };
  const fail = (error: unknown, args: unknown[]): unknown => {
    const message = `${plugin}: ${name} hook failed: ${errorText(error)}`;
    report({ level: "error", code: DiagnosticCode.hookFailed, plugin, where: `hook:${name}`, message, error });
    if (policy.onError === "keep") return args[0];
    if (policy.onError === "block") return { block: true, reason: `Blocked because plugin "${plugin}" failed: ${errorText(error)}` };
    return undefined;
  };
  const hook = hooks[name] as unknown as {
    tap(o: object, f: (...a: unknown[]) => unknown): void;
    tapPromise(o: object, f: (...a: unknown[]) => Promise<unknown>): void;
  };
  const call = fn as (...a: unknown[]) => unknown;
  if (policy.kind === "sync") {
    hook.tap(tap, (...args) => {
      try { call(...args); } catch (error) { fail(error, args); }
    });
    return;
  }
  const timeoutMs = opts.timeoutMs ?? policy.timeoutMs;
  hook.tapPromise(tap, async (...args) => {
    try {
      const value = await withTimeout(Promise.resolve().then(() => call(...args)), timeoutMs);
      // A waterfall tap that forgets to return keeps the previous value instead of erasing it.
      return policy.kind === "waterfall" && value === undefined ? args[0] : value;
    } catch (error) {
      return fail(error, args);
    }
  });
}
