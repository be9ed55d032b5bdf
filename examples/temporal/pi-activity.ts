// The Activity's body as a plain function, so it is tested against the real CLI without a Temporal
// server: it runs `pi --mode rpc`, sends the task, reports every event through `heartbeat`, and
// hands each permission question (RPC's extension_ui_request "select") to `askPermission`, whose
// answer goes back as extension_ui_response. activities.ts wires it to Temporal.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

export interface PiTaskInput {
  prompt: string;
  cwd: string;
  /** More pi flags: --model, --permission-mode, --max-turns, ... */
  args?: string[];
  /** The pi command: [node, path/to/bin/pi.js] by default `pi` on PATH. */
  command?: string[];
  env?: Record<string, string>;
}

export interface PermissionQuestion {
  id: string;
  title: string;
  options: string[];
}

export interface PiTaskHooks {
  heartbeat(detail: { event: string; turns: number }): void;
  /** Resolves with one of the options ("Allow once", "Allow always", "Deny"), or undefined to dismiss. */
  askPermission(question: PermissionQuestion): Promise<string | undefined>;
  signal?: AbortSignal;
}

export interface PiTaskResult {
  text: string;
  turns: number;
  stopReason: string;
}

// biome-ignore lint/suspicious/noExplicitAny: RPC lines are read loosely, as any client of the protocol would.
type Line = Record<string, any>;

export function runPiTask(input: PiTaskInput, hooks: PiTaskHooks): Promise<PiTaskResult> {
  const [cmd, ...pre] = input.command ?? ["pi"];
  const child = spawn(cmd, [...pre, "--mode", "rpc", ...(input.args ?? [])], {
    cwd: input.cwd,
    env: { ...process.env, ...input.env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const send = (line: Line) => child.stdin.write(`${JSON.stringify(line)}\n`);
  // Cancelling the Activity aborts the run, then closes pi.
  const onAbort = () => {
    send({ type: "abort" });
    child.stdin.end();
  };
  hooks.signal?.addEventListener("abort", onAbort, { once: true });
  let turns = 0;
  let last: Line | undefined;
  return new Promise<PiTaskResult>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`pi exited (${code}) before the task ended`)));
    createInterface({ input: child.stdout }).on("line", (text) => {
      const line = JSON.parse(text) as Line;
      if (line.type === "turn_end") turns++;
      if (line.type === "message_end" && line.message?.role === "assistant") last = line.message;
      if (line.type === "extension_ui_request" && line.method === "select") {
        const question = { id: String(line.id), title: String(line.title ?? ""), options: line.options ?? [] };
        void hooks
          .askPermission(question)
          .then((value) =>
            send(
              value === undefined
                ? { type: "extension_ui_response", id: line.id, cancelled: true }
                : { type: "extension_ui_response", id: line.id, value },
            ),
          );
      }
      if (typeof line.type === "string" && line.type !== "response") hooks.heartbeat({ event: line.type, turns });
      if (line.type === "agent_end") {
        hooks.signal?.removeEventListener("abort", onAbort);
        child.removeAllListeners("exit");
        child.stdin.end();
        const text = (last?.content ?? [])
          .filter((c: Line) => c.type === "text")
          .map((c: Line) => c.text)
          .join("\n");
        resolve({ text, turns, stopReason: String(last?.stopReason ?? "none") });
      }
    });
    send({ type: "prompt", message: input.prompt });
  });
}
