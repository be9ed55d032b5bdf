// What `@mariozechner/pi-agent-core` (and `@earendil-works/pi-agent-core`) resolve to inside pi
// extensions: pi's standalone Agent and agent loop, streaming through the running agent's providers.
import { PI_ATTRIBUTION } from "./ai-current.js";
import { unavailable } from "./unavailable.js";

export type { AgentEvent, AgentMessage, ToolResult as AgentToolResult } from "../../../kernel/index.js";
export { Agent, type AgentOptions } from "./agent-core-agent.js";
export {
  agentLoop,
  agentLoopContinue,
  runAgentLoop,
  runAgentLoopContinue,
  runToolCall,
  setDefaultStreamFn,
  type AgentContext,
  type AgentLoopConfig,
  type AgentTool,
  type StreamFn,
} from "./agent-loop.js";

/** pi 1.x's default identity of a standalone agent. */
export const DEFAULT_AGENT_IDENTITY = Object.freeze({ attribution: PI_ATTRIBUTION });

/** pi's app-server proxy stream: pi-kernel has no proxy server to talk to. */
export const streamProxy = unavailable(
  "streamProxy",
  "pi's app-server proxy (pi-kernel streams from providers directly: use streamSimple)",
);
