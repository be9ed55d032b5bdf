// Telling the model what its background jobs did. A notice is a short custom message (shown to
// the model as user text, as pi's custom messages are): while the agent works it is steered in,
// so the next request carries it; when the session is idle it starts a new turn if the person
// allowed that (settings `jobs.autoContinue`), or else waits in the conversation for the next one.
import type { AgentMessage, PluginApi } from "pi-kernel";
import type { Job } from "./job.js";
import { pageTail } from "./output-page.js";

export const NOTICE_TYPE = "job_notice";

const TAIL = { maxLines: 5, maxBytes: 1024 };

function runtime(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
}

export function describeEnd(job: Job): string {
  const i = job.info();
  if (i.state === "killed") return "was killed";
  if (i.exitCode === null || i.exitCode === undefined) return i.signal ? `was ended by ${i.signal}` : "ended";
  return `exited with code ${i.exitCode}`;
}

export async function exitNotice(job: Job): Promise<string> {
  const i = job.info();
  const tail = await pageTail(i.outputPath, TAIL);
  const lines = tail.text ? `\nLast lines:\n${tail.text}` : "\n(no output)";
  return `Background job ${i.id} (\`${i.command}\`) ${describeEnd(job)} after ${runtime((i.endedAt ?? Date.now()) - i.startedAt)}.${lines}`;
}

export function matchNotice(job: Job, pattern: string, line: string): string {
  return `Background job ${job.id} (\`${job.record.command}\`) printed a line matching /${pattern}/:\n${line.slice(0, 500)}`;
}

/** Delivers notices, several at once when they come together. */
export function createNotifier(api: PluginApi) {
  let queued: string[] = [];
  const flush = () => {
    const text = queued.join("\n\n");
    queued = [];
    let live: PluginApi;
    try {
      live = api.actions && api; // any use of the api of a plugin that has left throws
    } catch {
      return; // the agent has stopped: nobody to tell
    }
    const message = { role: "custom", customType: NOTICE_TYPE, content: text, display: true, timestamp: Date.now() } as AgentMessage;
    if (live.agent.isStreaming) return live.actions.steer(message);
    if (live.settings.jobs?.autoContinue === true) {
      return void live.actions.send([message]).catch((e: Error) => live.log.warn(`job notice: ${e.message}`));
    }
    // Kept in the conversation (and the session file): the next request carries it.
    live.actions.setMessages([...live.agent.messages, message]);
    live.actions.emit({ type: "message_start", message });
    live.actions.emit({ type: "message_end", message });
  };
  return (text: string) => {
    if (queued.push(text) === 1) setImmediate(flush);
  };
}
