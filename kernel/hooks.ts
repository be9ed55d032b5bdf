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
type HookKind = "series" | "bail" | "waterfall" | "sync";
interface HookPolicy { kind: HookKind; onError: ErrorPolicy; timeoutMs: number; args: readonly string[] }

// The one table of hooks: createHooks builds from it, so a hook's kind and its policy cannot drift.
// Timeouts are generous: `input` runs commands (which may wait on an LLM) and `toolCall` may ask
// the user, so neither is bounded by default; a tap can still set its own.
const POLICIES = {
  boot: { kind: "series", onError: "continue", timeoutMs: 30_000, args: ["ctx"] },
  shutdown: { kind: "series", onError: "continue", timeoutMs: 5_000, args: ["reason"] },
  input: { kind: "bail", onError: "pass", timeoutMs: 0, args: ["event"] },
  systemPrompt: { kind: "waterfall", onError: "keep", timeoutMs: 5_000, args: ["prompt", "ctx"] },
  context: { kind: "waterfall", onError: "keep", timeoutMs: 10_000, args: ["messages", "ctx"] },
  providerRequest: { kind: "waterfall", onError: "keep", timeoutMs: 10_000, args: ["payload", "ctx"] },
  providerResponse: { kind: "series", onError: "continue", timeoutMs: 10_000, args: ["response", "ctx"] },
  messageEnd: { kind: "waterfall", onError: "keep", timeoutMs: 30_000, args: ["message"] },
  toolCall: { kind: "bail", onError: "block", timeoutMs: 0, args: ["event"] },
  toolResult: { kind: "waterfall", onError: "keep", timeoutMs: 30_000, args: ["event"] },
  event: { kind: "sync", onError: "continue", timeoutMs: 0, args: ["event"] },
  diagnostic: { kind: "sync", onError: "continue", timeoutMs: 0, args: ["diagnostic"] },
} as const satisfies Record<HookName, HookPolicy>;

/** Named stages order taps without `before` (lower runs first); contracts/stages.ts names the ones between. */
export const Stage = { EARLY: -100, NORMAL: 0, LATE: 100 } as const;

type Args<K extends HookName> = Parameters<HookSignatures[K]>;
type Bail<K extends HookName> = Exclude<Awaited<ReturnType<HookSignatures[K]>>, void> | undefined;
/** The tapable class each kind of hook is, typed by the hook's signature. */
type HookOf<K extends HookName> = { series: AsyncSeriesHook<Args<K>>; bail: AsyncSeriesBailHook<Args<K>, Bail<K>>;
  waterfall: AsyncSeriesWaterfallHook<Args<K>>; sync: SyncHook<Args<K>> }[(typeof POLICIES)[K]["kind"]];
export type Hooks = Readonly<{ [K in HookName]: HookOf<K> }>;

// tapable types each constructor by its arity; the table above fixes the arity, so one erased type serves all four.
const CLASSES = { series: AsyncSeriesHook, bail: AsyncSeriesBailHook, waterfall: AsyncSeriesWaterfallHook, sync: SyncHook } as unknown as
  Record<HookKind, new (args: string[]) => unknown>;

export function createHooks(): Hooks {
  const entries = Object.entries(POLICIES).map(([name, { kind, args }]) => [name, new CLASSES[kind]([...args])]);
  return Object.freeze(Object.fromEntries(entries)) as Hooks;
}

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
