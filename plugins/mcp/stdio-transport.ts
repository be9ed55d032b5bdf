// A stdio MCP transport that spawns the server the moment it is built, before the SDK is
// loaded. The SDK's own StdioClientTransport can only spawn once its module (and the schema
// library behind it) has been imported, which costs ~150 ms of the agent's start-up; spawning
// first lets the server boot on the other core meanwhile. Lines the server writes before the
// client starts are held and delivered on start. A transport spawned before anyone wants it
// (prestart.ts) is "held": it keeps the process open by nothing until taken. Speaks newline-delimited JSON-RPC, as the spec
// and the SDK do; the environment follows the SDK's rule (a safe inherited subset plus `env`).
import type { ChildProcess } from "node:child_process";
import type { Readable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** Inherited when a server config gives no variable of that name (the SDK's default list). */
const INHERITED_ENV =
  process.platform === "win32"
    ? [
        "APPDATA",
        "HOMEDRIVE",
        "HOMEPATH",
        "LOCALAPPDATA",
        "PATH",
        "PROCESSOR_ARCHITECTURE",
        "SYSTEMDRIVE",
        "SYSTEMROOT",
        "TEMP",
        "USERNAME",
        "USERPROFILE",
        "PROGRAMFILES",
      ]
    : ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"];

type Refable = { ref?(): void; unref?(): void } | null | undefined;

export interface StdioServerParams {
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
}

function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of INHERITED_ENV) {
    const value = process.env[key];
    // Exported shell functions ("() { ...") are never passed on, as the SDK does.
    if (value !== undefined && !value.startsWith("()")) env[key] = value;
  }
  return { ...env, ...extra };
}

export class EarlyStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private child: ChildProcess | undefined;
  private readonly spawned: Promise<void>;
  private started = false;
  private pending = "";
  private held: JSONRPCMessage[] = [];
  /** How the server ended, once it has (recorded before the client hears of the close). */
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  constructor(params: StdioServerParams, opts: { held?: boolean } = {}) {
    const child = process.getBuiltinModule("node:child_process").spawn(params.command, params.args ?? [], {
      env: serverEnv(params.env),
      cwd: params.cwd,
      stdio: ["pipe", "pipe", "pipe"],
      shell: false,
      windowsHide: true,
    });
    this.child = child;
    this.spawned = new Promise<void>((resolve, reject) => {
      child.once("spawn", resolve);
      child.once("error", reject);
    });
    this.spawned.catch(() => {}); // reported by start()
    child.on("error", (error) => this.started && this.onerror?.(error));
    child.stdin?.on("error", (error) => this.onerror?.(error));
    child.stdout?.on("data", (chunk: Buffer) => this.read(chunk.toString("utf8")));
    child.once("close", (code, signal) => {
      this.exit = { code, signal };
      this.child = undefined;
      if (this.started) this.onclose?.();
    });
    if (opts.held) this.hold(true);
  }

  /** Held: the child and its pipes do not keep the event loop alive (nobody has taken it yet). */
  hold(held: boolean): void {
    const child = this.child;
    if (!child) return;
    for (const handle of [child, child.stdin, child.stdout, child.stderr] as Refable[]) {
      if (held) handle?.unref?.();
      else handle?.ref?.();
    }
  }

  /** Kills the child at once (process exit, a prestarted server nobody claimed). */
  kill(): void {
    try {
      this.child?.kill();
    } catch {
      // already gone
    }
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get stderr(): Readable | null {
    return this.child?.stderr ?? null;
  }

  async start(): Promise<void> {
    await this.spawned;
    if (!this.child) throw new Error("the server exited before the client started");
    this.started = true;
    const held = this.held;
    this.held = [];
    for (const message of held) this.onmessage?.(message);
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin) return Promise.reject(new Error("Not connected"));
    return new Promise((resolve) => {
      if (stdin.write(`${JSON.stringify(message)}\n`)) resolve();
      else stdin.once("drain", resolve);
    });
  }

  /** Closes stdin and waits for the server to leave; escalates to SIGTERM, then SIGKILL. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
    const within = (ms: number) => Promise.race([closed, new Promise((r) => setTimeout(r, ms).unref())]);
    child.stdin?.end();
    await within(2_000);
    for (const signal of ["SIGTERM", "SIGKILL"] as const) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await within(2_000);
    }
  }

  private read(text: string): void {
    this.pending += text;
    let newline = this.pending.indexOf("\n");
    while (newline !== -1) {
      const line = this.pending.slice(0, newline).replace(/\r$/, "");
      this.pending = this.pending.slice(newline + 1);
      if (line.trim()) this.deliver(line);
      newline = this.pending.indexOf("\n");
    }
  }

  private deliver(line: string): void {
    let message: JSONRPCMessage;
    try {
      message = JSON.parse(line) as JSONRPCMessage;
    } catch {
      this.onerror?.(new Error(`the server wrote a line that is not JSON: ${line.slice(0, 120)}`));
      return;
    }
    if (this.started) this.onmessage?.(message);
    else this.held.push(message);
  }
}
