// One delegated task: a child agent composed through the "agent-factory" service, prompted with
// the task, watched for progress, and ended. Its final answer (or the value it submitted, when
// the caller gave an output schema) is the tool result; a child that fails or is aborted gives
// an error result and never takes its siblings or the parent down with it.
import type { AssistantMessage, Model, PluginApi, PluginDef, ThinkingLevel, ToolDef, ToolResult, ToolUpdate } from "pi-kernel";
import { errorText } from "pi-kernel";
import type { AgentFactory, ChildAgent } from "../../contracts/agent-factory.js";
import { Progress, type SubagentDetails } from "./progress.js";
import { type OutputSchema, submitTool } from "./submit.js";

export interface ChildTask {
  label: string;
  task: string;
  model?: Model;
  thinkingLevel?: ThinkingLevel;
  tools?: string[];
  instructions?: string;
  packages?: string[];
  outputSchema?: OutputSchema;
  sessionFile?: string;
}

/** Keeps a long answer from filling the parent's context; the whole of it stays in the child's file. */
const MAX_RESULT_CHARS = 50_000;

type Result = ToolResult<SubagentDetails>;

export async function runChild(
  parent: PluginApi,
  factory: AgentFactory,
  t: ChildTask,
  signal: AbortSignal,
  onUpdate: ToolUpdate<SubagentDetails>,
): Promise<Result> {
  const progress = new Progress(t.label, t.sessionFile);
  const update = () => onUpdate({ content: [{ type: "text", text: progress.text() }], details: progress.partial() });
  let submitted: { value: unknown } | undefined;
  const submit = t.outputSchema && submitTool(t.outputSchema, (value) => (submitted = { value }));
  let child: ChildAgent | undefined;
  try {
    child = await factory.create({
      model: t.model,
      thinkingLevel: t.thinkingLevel,
      tools: t.tools && submit ? [...t.tools, submit.name] : t.tools,
      appendSystemPrompt: [t.instructions, submit?.instructions].filter(Boolean).join("\n\n") || undefined,
      sessionFile: t.sessionFile ?? false,
      packages: t.packages,
      plugins: [bridge(parent, t.label, progress, update, submit ? [submit.tool] : [])],
    });
  } catch (error) {
    return failed(progress, `Subagent "${t.label}" could not start: ${errorText(error)}`);
  }
  const running = child;
  const onAbort = () => running.abort();
  try {
    if (signal.aborted) return finish(progress, "aborted", `Subagent "${t.label}" was aborted before it started.`);
    signal.addEventListener("abort", onAbort, { once: true });
    progress.details.status = "running";
    progress.details.model = running.model ? `${running.model.provider}/${running.model.id}` : undefined;
    update();
    await running.prompt(t.task);
    return outcome(progress, t, running, submitted, signal);
  } finally {
    signal.removeEventListener("abort", onAbort);
    await running.dispose().catch((error) =>
      parent.diagnose({
        level: "warning",
        where: "subagents",
        message: `subagent "${t.label}" did not shut down cleanly: ${errorText(error)}`,
      }),
    );
  }
}

function outcome(
  progress: Progress,
  t: ChildTask,
  child: ChildAgent,
  submitted: { value: unknown } | undefined,
  signal: AbortSignal,
): Result {
  const last = [...child.messages].reverse().find((m) => m.role === "assistant") as AssistantMessage | undefined;
  if (signal.aborted || last?.stopReason === "aborted") return finish(progress, "aborted", `Subagent "${t.label}" was aborted.`);
  if (!last) return failed(progress, `Subagent "${t.label}" ended without answering.`);
  if (last.stopReason === "error") return failed(progress, `Subagent "${t.label}" failed: ${last.errorMessage ?? "unknown error"}`);
  const text = last.content
    .flatMap((c) => (c.type === "text" ? [c.text] : []))
    .join("\n")
    .trim();
  if (t.outputSchema) {
    if (!submitted) {
      return failed(
        progress,
        `Subagent "${t.label}" ended without submitting a result matching the output schema.${text ? `\nIts last words: ${text}` : ""}`,
      );
    }
    return finish(progress, "done", JSON.stringify(submitted.value, null, 2), submitted.value);
  }
  return finish(progress, "done", capped(text || "(the subagent gave no text answer)", progress.details.sessionFile));
}

function finish(progress: Progress, status: "done" | "aborted" | "failed", text: string, output?: unknown): Result {
  progress.details.status = status;
  const details: SubagentDetails & { output?: unknown } = { ...progress.details, ...(output !== undefined && { output }) };
  return { content: [{ type: "text", text }], details, isError: status !== "done" };
}

function failed(progress: Progress, text: string): Result {
  return finish(progress, "failed", text);
}

function capped(text: string, sessionFile: string | undefined): string {
  if (text.length <= MAX_RESULT_CHARS) return text;
  const where = sessionFile ? ` (the whole answer is in ${sessionFile})` : "";
  return `${text.slice(0, MAX_RESULT_CHARS)}\n… [${text.length - MAX_RESULT_CHARS} more characters cut${where}]`;
}

/**
 * The child's side: its events feed the progress shown in the parent's tool row, its warnings
 * reach the parent's UI, and its own permission prompts are answered (the parent's gate, which
 * sees every child tool call first, already asked the user; the child has no one to ask).
 */
function bridge(parent: PluginApi, label: string, progress: Progress, update: () => void, tools: ToolDef[]): PluginDef {
  // A plain PluginDef (definePlugin is the identity): this plugin belongs to the child.
  return {
    name: "subagent-bridge",
    uses: ["permissions"],
    setup(api) {
      for (const tool of tools) api.register.tool(tool);
      api.on("event", (e) => {
        if (progress.onEvent(e)) update();
      });
      api.on("diagnostic", (d) => {
        if (d.level === "info") return;
        parent.diagnose({ level: d.level, message: `subagent "${label}": ${d.message}`, where: d.where, code: d.code });
      });
      api.on("boot", () => {
        api.services.get("permissions")?.setAsker(async () => ({ decision: "allow-once" }));
      });
    },
  };
}
