// Drives a spawned `pi --mode rpc`: send commands, await responses by id, collect events.
import { spawn, type ChildProcess } from "node:child_process";
import { noteCliStart, PI_BIN } from "./run-cli.js";

export type Record_ = Record<string, any>;

export class RpcProcess {
  readonly child: ChildProcess;
  readonly records: Record_[] = [];
  stderr = "";
  private buffer = "";
  private nextId = 1;
  private waiters: { match: (r: Record_) => boolean; resolve: (r: Record_) => void }[] = [];

  constructor(args: string[], opts: { cwd: string; env?: Record<string, string> }) {
    noteCliStart(["--mode", "rpc", ...args]);
    this.child = spawn(process.execPath, [PI_BIN, "--mode", "rpc", ...args], {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child.stdout!.setEncoding("utf8");
    this.child.stdout!.on("data", (chunk: string) => this.onData(chunk));
    this.child.stderr!.on("data", (d) => (this.stderr += d));
  }

  /** Sends a command with a fresh id and resolves with its response. */
  call(command: Record_): Promise<Record_> {
    const id = `req-${this.nextId++}`;
    const from = this.records.length;
    this.writeLine(JSON.stringify({ id, ...command }));
    return this.waitFor((r) => r.type === "response" && r.id === id, from);
  }

  writeLine(line: string): void {
    this.child.stdin!.write(`${line}\n`);
  }

  /** Resolves with the first record (at index `from` or later) that matches. */
  waitFor(match: (r: Record_) => boolean, from = 0, timeoutMs = 10_000): Promise<Record_> {
    const found = this.records.slice(from).find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timed out; stderr: ${this.stderr}\nrecords: ${JSON.stringify(this.records.slice(-5))}`)),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
      });
    });
  }

  events(type: string): Record_[] {
    return this.records.filter((r) => r.type === type);
  }

  async close(): Promise<number | null> {
    this.child.stdin!.end();
    if (this.child.exitCode !== null) return this.child.exitCode;
    return new Promise((resolve) => this.child.on("exit", (code) => resolve(code)));
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let at: number;
    while ((at = this.buffer.indexOf("\n")) !== -1) {
      const line = this.buffer.slice(0, at);
      this.buffer = this.buffer.slice(at + 1);
      const record = JSON.parse(line) as Record_;
      this.records.push(record);
      for (const w of [...this.waiters]) {
        if (w.match(record)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(record);
        }
      }
    }
  }
}
