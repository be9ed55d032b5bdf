// A spawned `pi serve` (the real CLI, on a free port) in a simulator project, and WebSocket
// clients of it that collect what they are sent: what the serve tests share.
import { type ChildProcess, spawn } from "node:child_process";
import { WebSocket } from "ws";
import { PI_BIN } from "../support/run-cli.js";

export type Rec = Record<string, any>;

export interface Served {
  child: ChildProcess;
  url: string;
  token: string;
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** `pi serve` on the simulator's model in ask mode, for a project of test/support/sim-projects.ts. */
export function serveAsking(p: { project: string; agentDir: string }): Promise<Served> {
  return startServe(["--provider", "sim", "--model", "sim-model", "--permission-mode", "ask"], {
    cwd: p.project,
    env: { PI_CODING_AGENT_DIR: p.agentDir },
  });
}

export function startServe(args: string[], opts: { cwd: string; env: Record<string, string> }): Promise<Served> {
  const child = spawn(process.execPath, [PI_BIN, "serve", "--port", "0", ...args], {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.on("exit", (code) => reject(new Error(`pi serve exited (${code}): ${err}`)));
    child.stdout!.on("data", (d) => {
      out += d;
      const m = /at (http:\/\/\S+)\n\s+token:\s+(\S+)/.exec(out);
      if (m)
        resolve({
          child,
          url: m[1],
          token: m[2],
          stdout: () => out,
          stderr: () => err,
          stop: () => (child.kill("SIGTERM"), exited),
        });
    });
  });
}

/** One client on /rpc: everything it is sent, commands by id, waits on what comes. */
export class WsClient {
  readonly records: Rec[] = [];
  private waiters: { match: (r: Rec) => boolean; resolve: (r: Rec) => void }[] = [];
  private nextId = 1;
  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const record = JSON.parse(String(data)) as Rec;
      this.records.push(record);
      for (const w of [...this.waiters]) if (w.match(record)) this.waiters.splice(this.waiters.indexOf(w), 1), w.resolve(record);
    });
  }

  static open(served: Served): Promise<WsClient> {
    const ws = new WebSocket(`${served.url.replace(/^http/, "ws")}/rpc`, { headers: { Authorization: `Bearer ${served.token}` } });
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(new WsClient(ws)));
      ws.once("error", reject);
    });
  }

  call(command: Rec): Promise<Rec> {
    const id = `c${this.nextId++}`;
    const from = this.records.length;
    this.ws.send(JSON.stringify({ id, ...command }));
    return this.waitFor((r) => r.type === "response" && r.id === id, from);
  }

  send(record: Rec): void {
    this.ws.send(JSON.stringify(record));
  }

  waitFor(match: (r: Rec) => boolean, from = 0): Promise<Rec> {
    const found = this.records.slice(from).find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.ws.once("close", () => resolve());
      this.ws.close();
    });
  }
}
