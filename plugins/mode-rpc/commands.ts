// The RPC command table: each command's input checks and its response data, in pi's shapes.
// Commands about the conversation itself live here; the ones that need the session store,
// compaction or the user shell live in session-commands.ts.
import type { ModelsService } from "../../contracts/index.js";
import type { AgentMessage, ImageContent, PluginApi, QueueMode, ThinkingLevel } from "pi-kernel";
import { availableThinkingLevels, lastAssistantText, publicModel } from "../../lib/mode-kit/index.js";
import { NO_DATA, text, type Handler, type RpcCommand, type RpcContext } from "./handler.js";
import { SESSION_COMMANDS } from "./session-commands.js";
import { sessionStats } from "./stats.js";
import { slashCommands } from "../../lib/resource-kit/index.js";

export type { RpcCommand, RpcContext, Handler } from "./handler.js";
export { NO_DATA } from "./handler.js";

/** pi writes the queue modes to settings.json; the settings plugin does, when present. */
function remember(api: PluginApi, key: string, value: unknown): void {
  api.services.get("settings")?.set(key, value);
}

const LEVELS: ThinkingLevel[] = ["off", "minimal", "low", "medium", "high", "xhigh"];
const MODES: QueueMode[] = ["all", "one-at-a-time"];

export const COMMANDS: Record<string, Handler> = {
  prompt: (cmd, ctx) => prompt(cmd, ctx),
  steer: async (cmd, ctx) => queue(cmd, ctx, "steer"),
  follow_up: async (cmd, ctx) => queue(cmd, ctx, "followUp"),
  // What was queued, as text (pi's clear_queue); a client puts it back in its editor.
  clear_queue: (_cmd, ctx) => {
    const queued = { steering: [...ctx.queue.steering], followUp: [...ctx.queue.followUp] };
    ctx.api.actions.clearQueues();
    return queued;
  },
  abort: async (_cmd, ctx) => {
    ctx.api.actions.abort();
    await ctx.api.actions.waitForIdle();
    return NO_DATA;
  },
  get_state: (_cmd, ctx) => state(ctx.api),
  set_model: (cmd, ctx) => {
    const provider = text(cmd, "provider");
    const modelId = text(cmd, "modelId");
    const model = models(ctx.api).find(provider, modelId);
    if (!model) throw new Error(`Model not found: ${provider}/${modelId}`);
    models(ctx.api).select(model);
    return publicModel(model);
  },
  // direction "backward" (not in pi's protocol): Shift+Ctrl+P in `pi attach`.
  cycle_model: (cmd, ctx) => {
    const result = models(ctx.api).cycle?.(cmd.direction === "backward" ? "backward" : "forward");
    return result ? { ...result, model: publicModel(result.model) } : null;
  },
  // Models go out without their request headers (they may hold keys): lib/mode-kit's publicModel.
  get_available_models: (_cmd, ctx) => ({
    models: models(ctx.api)
      .list()
      .map((m) => publicModel(m)),
  }),
  // The agent clamps it to what the model offers, as pi does.
  set_thinking_level: (cmd, ctx) => {
    ctx.api.actions.setThinkingLevel(oneOf(cmd, "level", LEVELS));
    return NO_DATA;
  },
  cycle_thinking_level: (_cmd, ctx) => {
    const api = ctx.api;
    if (!api.agent.model?.reasoning) return null;
    const levels = availableThinkingLevels(api.agent.model);
    const level = levels[(levels.indexOf(api.agent.thinkingLevel) + 1) % levels.length];
    api.actions.setThinkingLevel(level);
    return { level };
  },
  get_available_thinking_levels: (_cmd, ctx) => ({ levels: availableThinkingLevels(ctx.api.agent.model) }),
  set_steering_mode: (cmd, ctx) => {
    const mode = oneOf(cmd, "mode", MODES);
    remember(ctx.api, "steeringMode", mode);
    ctx.api.actions.setQueueModes({ steering: mode });
    return NO_DATA;
  },
  set_follow_up_mode: (cmd, ctx) => {
    const mode = oneOf(cmd, "mode", MODES);
    remember(ctx.api, "followUpMode", mode);
    ctx.api.actions.setQueueModes({ followUp: mode });
    return NO_DATA;
  },
  // Without an answer yet pi leaves `text` out.
  get_last_assistant_text: (_cmd, ctx) => ({ text: lastAssistantText(ctx.api.agent.messages) ?? undefined }),
  get_messages: (_cmd, ctx) => ({ messages: ctx.api.agent.messages }),
  get_commands: async (_cmd, ctx) => ({ commands: await slashCommands(ctx.api) }),
  get_session_stats: (_cmd, ctx) => sessionStats(ctx.api),
  ...SESSION_COMMANDS,
};

/**
 * As pi: the response follows the preflight. An extension command has run, the message is queued,
 * or its run is about to start (success); or the prompt was refused (the error). The run's
 * progress arrives as events.
 */
function prompt(cmd: RpcCommand, ctx: RpcContext): Promise<undefined> {
  const api = ctx.api;
  const message = text(cmd, "message");
  const streamingBehavior =
    cmd.streamingBehavior === undefined ? undefined : oneOf(cmd, "streamingBehavior", ["steer", "followUp"] as const);
  if (api.agent.isStreaming && !streamingBehavior) {
    throw new Error("Agent is already processing. Specify streamingBehavior ('steer' or 'followUp') to queue the message.");
  }
  if (!api.agent.model && !message.startsWith("/"))
    throw new Error("No model selected. Use set_model, or configure a model in models.json.");
  const head = { ...(cmd.id !== undefined && { id: cmd.id }), type: "response", command: "prompt" };
  let answered = false;
  const onAccepted = () => {
    answered = true;
    ctx.send({ ...head, success: true });
  };
  const run = api.actions
    .prompt(message, { images: images(cmd), source: "rpc", streamingBehavior, onAccepted })
    .then(() => answered || onAccepted())
    .catch((error: Error) => {
      if (!answered) ctx.send({ ...head, success: false, error: error.message });
      else api.diagnose({ level: "error", where: "rpc prompt", message: error.message });
    })
    .finally(() => ctx.background.delete(run));
  ctx.background.add(run);
  return Promise.resolve(undefined);
}

async function queue(cmd: RpcCommand, ctx: RpcContext, kind: "steer" | "followUp"): Promise<typeof NO_DATA> {
  // Templates and skills are expanded as pi does; an extension command is refused.
  const commands = ctx.api.services.get("commands");
  const given = text(cmd, "message");
  const content = commands ? await commands.expand(given) : given;
  const imgs = images(cmd);
  const message: AgentMessage = { role: "user", content: [{ type: "text", text: content }, ...(imgs ?? [])], timestamp: Date.now() };
  ctx.api.actions[kind](message);
  return NO_DATA;
}

function state(api: PluginApi): Record<string, unknown> {
  const sessions = api.services.get("sessions");
  const compaction = api.services.get("compaction");
  const auto = (api.settings.compaction as { enabled?: boolean } | undefined)?.enabled;
  return {
    model: publicModel(api.agent.model),
    thinkingLevel: api.agent.thinkingLevel,
    isStreaming: api.agent.isStreaming,
    isCompacting: compaction?.isCompacting ?? false,
    steeringMode: api.agent.steeringMode,
    followUpMode: api.agent.followUpMode,
    sessionFile: sessions?.file,
    sessionId: api.agent.sessionId,
    sessionName: sessions?.name,
    autoCompactionEnabled: compaction !== undefined && auto !== false,
    messageCount: api.agent.messages.length,
    pendingMessageCount: api.agent.pendingMessageCount,
  };
}

function models(api: PluginApi): ModelsService {
  if (!api.services.has("models")) throw new Error("No models are configured: the models plugin is not loaded");
  return api.services.use("models");
}

function oneOf<T extends string>(cmd: RpcCommand, field: string, allowed: readonly T[]): T {
  const value = cmd[field];
  if (typeof value !== "string" || !allowed.includes(value as T))
    throw new Error(`Invalid field "${field}": expected one of ${allowed.join(", ")}`);
  return value as T;
}

function images(cmd: RpcCommand): ImageContent[] | undefined {
  const value = cmd.images;
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((i) => i?.type !== "image" || typeof i.data !== "string" || typeof i.mimeType !== "string")) {
    throw new Error(`Invalid field "images": expected [{type: "image", data, mimeType}]`);
  }
  return value as ImageContent[];
}
