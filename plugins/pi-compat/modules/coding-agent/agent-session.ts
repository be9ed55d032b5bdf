// pi's createAgentSession for extensions (pi-subagents and others run an agent in-process): a
// new, independent pi-kernel agent assembled by pi-kernel's own SDK, the same composition root
// the CLI uses, with pi's options and pi's { session } result. The SDK is this install's public
// "pi-kernel/sdk" entry, loaded on first use: these modules are evaluated once per extension
// (jiti, no module cache), so no running agent's services can be reached from here without a
// process-global slot, and an independent session needs none (pi's is independent too).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { AgentEvent, AgentMessage, Model, ThinkingLevel, ToolDef } from "pi-kernel";
import { getPackageDir } from "./config.js";

/** The part of pi-kernel's SDK session this wrapper drives. */
interface SdkSession {
  readonly messages: readonly AgentMessage[];
  readonly model: Model | undefined;
  readonly thinkingLevel: ThinkingLevel;
  readonly isStreaming: boolean;
  readonly sessionId: string;
  readonly sessionFile: string | undefined;
  prompt(text: string, o?: { images?: unknown[]; streamingBehavior?: "steer" | "followUp" }): Promise<void>;
  steer(text: string): void;
  followUp(text: string): void;
  abort(): void;
  waitForIdle(): Promise<void>;
  subscribe(listener: (e: AgentEvent) => void): () => void;
  setModel(model: Model | string): Model;
  setThinkingLevel(level: ThinkingLevel): void;
  compact(instructions?: string): Promise<unknown>;
  getLastAssistantText(): string | undefined;
  dispose(): Promise<void>;
}
type Sdk = { createAgentSession(o: Record<string, unknown>): Promise<SdkSession> };

let sdk: Promise<Sdk> | undefined;
function loadSdk(): Promise<Sdk> {
  sdk ??= (async () => {
    const root = getPackageDir();
    const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { exports?: Record<string, string> };
    const entry = manifest.exports?.["./sdk"];
    if (!entry) throw new Error(`pi-kernel: createAgentSession needs pi-kernel's SDK entry ("./sdk" in ${join(root, "package.json")})`);
    return (await import(pathToFileURL(join(root, entry)).href)) as Sdk;
  })();
  return sdk;
}

/** pi's AgentSession over a pi-kernel SDK session. */
export class AgentSession {
  constructor(private readonly inner: SdkSession) {
    if (!inner || typeof (inner as Partial<SdkSession>).prompt !== "function") {
      throw new Error("pi-kernel: construct an AgentSession with createAgentSession(options), not new AgentSession(config)");
    }
  }
  get messages() {
    return this.inner.messages;
  }
  get model() {
    return this.inner.model;
  }
  get thinkingLevel() {
    return this.inner.thinkingLevel;
  }
  get isStreaming() {
    return this.inner.isStreaming;
  }
  get sessionId() {
    return this.inner.sessionId;
  }
  get sessionFile() {
    return this.inner.sessionFile;
  }
  /** pi's `session.state` / `session.agent.state`, read live. */
  get state() {
    const inner = this.inner;
    return {
      get messages() {
        return inner.messages;
      },
      get model() {
        return inner.model;
      },
      get thinkingLevel() {
        return inner.thinkingLevel;
      },
      get isStreaming() {
        return inner.isStreaming;
      },
    };
  }
  get agent() {
    return { state: this.state, abort: () => this.inner.abort(), waitForIdle: () => this.inner.waitForIdle() };
  }
  prompt(text: string, options: { images?: unknown[]; streamingBehavior?: "steer" | "followUp" } = {}): Promise<void> {
    return this.inner.prompt(text, { images: options.images, streamingBehavior: options.streamingBehavior });
  }
  async steer(text: string): Promise<void> {
    this.inner.steer(text);
  }
  async followUp(text: string): Promise<void> {
    this.inner.followUp(text);
  }
  /** Stops the run and resolves once the agent is idle, as pi's does. */
  async abort(): Promise<void> {
    this.inner.abort();
    await this.inner.waitForIdle();
  }
  waitForIdle = () => this.inner.waitForIdle();
  subscribe = (listener: (e: AgentEvent) => void) => this.inner.subscribe(listener);
  async setModel(model: Model | string): Promise<void> {
    this.inner.setModel(typeof model === "string" ? model : `${model.provider}/${model.id}`);
  }
  setThinkingLevel = (level: ThinkingLevel) => this.inner.setThinkingLevel(level);
  compact = (instructions?: string) => this.inner.compact(instructions);
  getLastAssistantText = () => this.inner.getLastAssistantText();
  dispose(): Promise<void> {
    return this.inner.dispose();
  }
}

interface PiTool {
  name: string;
  description?: string;
  parameters?: unknown;
  execute(...args: unknown[]): Promise<unknown>;
}

/** Tools given as objects (pi's createReadTool(...) and custom ones) replace pi-kernel's of that name. */
function asKernelTool(tool: PiTool): ToolDef {
  return { ...tool, description: tool.description ?? "", override: true } as unknown as ToolDef;
}

export interface CreateAgentSessionOptions {
  cwd?: string;
  agentDir?: string;
  model?: { provider: string; id: string } | string;
  thinkingLevel?: ThinkingLevel;
  tools?: (string | PiTool)[];
  customTools?: PiTool[];
  noTools?: "all" | "builtin";
  sessionManager?: { isPersisted(): boolean; getSessionFile(): string | undefined };
  [other: string]: unknown;
}

export async function createAgentSession(options: CreateAgentSessionOptions = {}) {
  const { createAgentSession: create } = await loadSdk();
  const given = options.tools ?? [];
  const objects = given.filter((t): t is PiTool => typeof t === "object");
  const model = typeof options.model === "object" ? `${options.model.provider}/${options.model.id}` : options.model;
  const persisted = options.sessionManager?.isPersisted() ? options.sessionManager.getSessionFile() : undefined;
  const errors: { path: string; error: string }[] = [];
  const inner = await create({
    cwd: options.cwd,
    agentDir: options.agentDir,
    model,
    thinkingLevel: options.thinkingLevel,
    // pi's `tools` picks built-ins; customTools come on top of them.
    tools: options.tools
      ? [...given.map((t) => (typeof t === "string" ? t : t.name)), ...(options.customTools ?? []).map((t) => t.name)]
      : undefined,
    noTools: options.noTools,
    customTools: [...objects, ...(options.customTools ?? [])].map(asKernelTool),
    noSession: !persisted,
    sessionFile: persisted,
    // Diagnostics of the nested agent are its result's errors, not lines on the host's terminal.
    onDiagnostic: (d: { level: string; message: string; plugin?: string }) => {
      if (d.level === "error") errors.push({ path: d.plugin ?? "", error: d.message });
    },
  });
  return { session: new AgentSession(inner), extensionsResult: { extensions: [], errors }, modelFallbackMessage: undefined };
}
