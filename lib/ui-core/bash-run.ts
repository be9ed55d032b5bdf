// `!cmd` runs a shell command for the user and shows its output live; the run then joins the
// conversation as a bashExecution message (pi's shape), which the model sees as a user message.
// `!!cmd` runs the same way but stays out of the model's context. The "userBash" service does the
// running and recording when present; this file's own runner is the fallback.
import { spawn } from "node:child_process";
import type { AgentMessage } from "pi-kernel";
import { bashText } from "../session/convert.js";
import type { InteractiveApp } from "./app.js";

const MAX_KEPT = 50_000; // characters of output kept for the context

export interface BashExecutionMessage {
  role: "bashExecution";
  command: string;
  output: string;
  exitCode: number | null;
  cancelled: boolean;
  truncated: boolean;
  excludeFromContext?: boolean;
  timestamp: number;
}

/** The "userBash" service (plugins/user-bash): the same runner as the bash tool, and the record. */
interface UserBashService {
  run(command: string, opts: { excludeFromContext?: boolean; onData?(tail: string): void }): Promise<{ output: string; exitCode: number | null; cancelled: boolean }>;
  abort(): void;
}

export async function runUserBash(app: InteractiveApp, command: string, excluded: boolean): Promise<void> {
  const view = app.transcript.bashRun(command, excluded);
  app.render();
  if (app.api.services.has("userBash")) {
    const service = app.api.services.use<UserBashService>("userBash");
    app.cancelBash = () => service.abort();
    try {
      const result = await service.run(command, { excludeFromContext: excluded, onData: (tail) => { view.setOutput(tail); app.render(); } });
      view.setOutput(result.output);
      view.finish(result.exitCode, result.cancelled);
    } catch (error) {
      view.setOutput((error as Error).message);
      view.finish(null, false);
    } finally {
      app.cancelBash = undefined;
      app.render();
    }
    return;
  }
  // Without the service (an agent composed without plugins/user-bash): run it here.
  const shell = typeof app.api.settings.shellPath === "string" ? app.api.settings.shellPath : process.env.SHELL || "/bin/bash";
  const prefix = typeof app.api.settings.shellCommandPrefix === "string" ? `${app.api.settings.shellCommandPrefix}\n` : "";
  let output = "";
  let cancelled = false;
  const exitCode = await new Promise<number | null>((resolve) => {
    const child = spawn(shell, ["-c", prefix + command], { cwd: app.api.cwd, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    const onData = (d: Buffer) => {
      const text = d.toString("utf8");
      output += text;
      view.append(text);
      app.render();
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    app.cancelBash = () => {
      cancelled = true;
      try { process.kill(-child.pid!, "SIGTERM"); } catch { child.kill("SIGTERM"); }
    };
    child.on("error", (e) => { output += `${e.message}\n`; resolve(null); });
    child.on("close", (code) => resolve(code));
  });
  app.cancelBash = undefined;
  view.finish(exitCode, cancelled);
  app.render();
  const truncated = output.length > MAX_KEPT;
  const message: BashExecutionMessage = {
    role: "bashExecution", command, output: truncated ? output.slice(-MAX_KEPT) : output, exitCode, cancelled, truncated,
    ...(excluded ? { excludeFromContext: true } : {}), timestamp: Date.now(),
  };
  const api = app.api;
  await api.actions.waitForIdle();
  api.actions.setMessages([...api.agent.messages, message as unknown as AgentMessage]);
  // Session stores and other observers learn about it like any other finished message.
  api.actions.emit({ type: "message_end", message: message as unknown as AgentMessage });
}

/** How the model sees a bashExecution message (the context hook swaps it for this). */
export function bashExecutionToUser(m: BashExecutionMessage): AgentMessage {
  return { role: "user", content: [{ type: "text", text: bashText(m as unknown as Record<string, unknown>) }], timestamp: m.timestamp };
}
