// pi's RpcClient: drives an agent in RPC mode (`pi --mode rpc`, JSON lines on stdin/stdout) from
// another process. Without a cliPath it runs this install's own `pi` (bin/pi.js), so a package
// that drives "pi" over RPC drives pi-kernel. Responses are matched to requests by id; every
// other line is an event for the listeners.
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { getPackageDir } from "./config.js";

export interface RpcClientOptions {
  cliPath?: string;
  cwd?: string;
  env?: Record<string, string>;
  provider?: string;
  model?: string;
  args?: string[];
}
type Json = Record<string, unknown>;
type Listener = (event: Json) => void;

export class RpcClient {
  private child: ChildProcess | undefined;
  private readonly listeners = new Set<Listener>();
  private readonly pending = new Map<string, { resolve(r: Json): void; reject(e: Error): void }>();
  private nextId = 0;
  private stderr = "";

  constructor(private readonly options: RpcClientOptions = {}) {}

  async start(): Promise<void> {
    if (this.child) throw new Error("Client already started");
    const o = this.options;
    const args = [
      "--mode",
      "rpc",
      ...(o.provider ? ["--provider", o.provider] : []),
      ...(o.model ? ["--model", o.model] : []),
      ...(o.args ?? []),
    ];
    const child = process
      .getBuiltinModule("node:child_process")
      .spawn(process.execPath, [o.cliPath ?? join(getPackageDir(), "bin", "pi.js"), ...args], {
        cwd: o.cwd,
        env: { ...process.env, ...o.env },
        stdio: ["pipe", "pipe", "pipe"],
      });
    this.child = child;
    child.stderr?.on("data", (d: Buffer) => {
      this.stderr += d.toString();
    });
    child.once("exit", (code, signal) =>
      this.failAll(new Error(`Agent process exited (code ${code}, signal ${signal}). Stderr: ${this.stderr}`)),
    );
    process
      .getBuiltinModule("node:readline")
      .createInterface({ input: child.stdout! })
      .on("line", (line) => this.handle(line));
    // Ready once the agent answers a first request (pi waits a fixed 100 ms instead).
    await this.send({ type: "get_state" });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }

  onEvent(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  getStderr = () => this.stderr;

  /** Sends a command and resolves with its response (which may report success: false). */
  send(command: Json): Promise<Json> {
    const stdin = this.child?.stdin;
    if (!stdin?.writable) return Promise.reject(new Error("Client not started"));
    const id = `req_${++this.nextId}`;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      stdin.write(`${JSON.stringify({ ...command, id })}\n`);
    });
  }

  /** The response's data; a failed command throws its error. */
  private async call(command: Json): Promise<unknown> {
    const response = await this.send(command);
    if (!response.success) throw new Error(String(response.error ?? `${String(command.type)} failed`));
    return response.data;
  }

  prompt = async (message: string, images?: unknown[]) => void (await this.call({ type: "prompt", message, images }));
  steer = async (message: string, images?: unknown[]) => void (await this.call({ type: "steer", message, images }));
  followUp = async (message: string, images?: unknown[]) => void (await this.call({ type: "follow_up", message, images }));
  abort = async () => void (await this.call({ type: "abort" }));
  clearQueue = () => this.call({ type: "clear_queue" });
  newSession = (parentSession?: string) => this.call({ type: "new_session", parentSession });
  getState = () => this.call({ type: "get_state" });
  setModel = (provider: string, modelId: string) => this.call({ type: "set_model", provider, modelId });
  cycleModel = () => this.call({ type: "cycle_model" });
  getAvailableModels = async () => ((await this.call({ type: "get_available_models" })) as { models: unknown[] }).models;
  setThinkingLevel = async (level: string) => void (await this.call({ type: "set_thinking_level", level }));
  cycleThinkingLevel = () => this.call({ type: "cycle_thinking_level" });
  getAvailableThinkingLevels = () => this.call({ type: "get_available_thinking_levels" });
  setSteeringMode = async (mode: string) => void (await this.call({ type: "set_steering_mode", mode }));
  setFollowUpMode = async (mode: string) => void (await this.call({ type: "set_follow_up_mode", mode }));
  compact = (customInstructions?: string) => this.call({ type: "compact", customInstructions });
  setAutoCompaction = async (enabled: boolean) => void (await this.call({ type: "set_auto_compaction", enabled }));
  setAutoRetry = async (enabled: boolean) => void (await this.call({ type: "set_auto_retry", enabled }));
  abortRetry = async () => void (await this.call({ type: "abort_retry" }));
  bash = (command: string) => this.call({ type: "bash", command });
  abortBash = async () => void (await this.call({ type: "abort_bash" }));
  getSessionStats = () => this.call({ type: "get_session_stats" });
  exportHtml = (outputPath?: string) => this.call({ type: "export_html", outputPath });
  switchSession = (sessionPath: string) => this.call({ type: "switch_session", sessionPath });
  fork = (entryId: string) => this.call({ type: "fork", entryId });
  clone = () => this.call({ type: "clone" });
  getForkMessages = async () => ((await this.call({ type: "get_fork_messages" })) as { messages: unknown[] }).messages;
  getEntries = () => this.call({ type: "get_entries" });
  getTree = () => this.call({ type: "get_tree" });
  getLastAssistantText = async () => ((await this.call({ type: "get_last_assistant_text" })) as { text: string | null }).text;
  setSessionName = async (name: string) => void (await this.call({ type: "set_session_name", name }));
  getMessages = async () => ((await this.call({ type: "get_messages" })) as { messages: unknown[] }).messages;
  getCommands = async () => ((await this.call({ type: "get_commands" })) as { commands: unknown[] }).commands;

  /** Resolves when the agent's run ends (agent_end). */
  waitForIdle(timeout = 60_000): Promise<void> {
    return this.collectEvents(timeout).then(() => undefined);
  }
  /** Every event until the run ends, that one included. */
  collectEvents(timeout = 60_000): Promise<Json[]> {
    return new Promise((resolve, reject) => {
      const events: Json[] = [];
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`Timeout waiting for agent to become idle. Stderr: ${this.stderr}`));
      }, timeout);
      const stop = this.onEvent((e) => {
        events.push(e);
        if (e.type !== "agent_end") return;
        clearTimeout(timer);
        stop();
        resolve(events);
      });
    });
  }
  async promptAndWait(message: string, images?: unknown[], timeout = 60_000): Promise<Json[]> {
    const events = this.collectEvents(timeout);
    await this.prompt(message, images);
    return events;
  }

  private handle(line: string): void {
    let data: Json;
    try {
      data = JSON.parse(line) as Json;
    } catch {
      return;
    }
    const waiting = data.type === "response" && typeof data.id === "string" ? this.pending.get(data.id) : undefined;
    if (waiting) {
      this.pending.delete(data.id as string);
      waiting.resolve(data);
      return;
    }
    for (const l of [...this.listeners]) l(data);
  }

  private failAll(error: Error): void {
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }
}
