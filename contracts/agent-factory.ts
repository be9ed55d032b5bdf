// The "agent-factory" service (provided by the composition root, compose/agent-factory.ts): child
// agents composed in this process from the same packages as this agent, each with its own kernel,
// tools, model, context and session. The subagents plugin builds the `subagent` tool on it; a
// plugin never imports the composition root itself.
import type { AgentMessage, Model, PluginDef, ThinkingLevel } from "pi-kernel";

export interface ChildAgentOptions {
  /** The child's model; default: the parent's current one. */
  model?: Model;
  thinkingLevel?: ThinkingLevel;
  /** The tools the child may use (like --tools); default: the tools active by default. */
  tools?: string[];
  /** Appended to the child's system prompt (an agent definition's body). */
  appendSystemPrompt?: string;
  /** The child's own session file (created at its first reply); false keeps it in memory. */
  sessionFile?: string | false;
  /** Packages for this child only, as `-e` takes them (paths, npm:, git:). */
  packages?: string[];
  /** In-process plugins for the child (observers, bridges), loaded after the composed ones. */
  plugins?: PluginDef[];
}

export interface ChildAgent {
  /** Runs one prompt to its end; never throws (a failure ends in an error or aborted message). */
  prompt(text: string): Promise<void>;
  /** Stops the run in flight (its tools and provider requests see the abort). */
  abort(): void;
  /** The child's conversation. */
  readonly messages: readonly AgentMessage[];
  /** The model the child runs on (after start-up). */
  readonly model: Model | undefined;
  /** Shuts the child down: its plugins stop, its session file is closed. */
  dispose(): Promise<void>;
}

export interface AgentFactory {
  /**
   * Composes and starts a child. Every tool call of the child first passes this agent's own
   * `toolCall` gate (permissions, extensions' tool_call handlers), then the child's.
   */
  create(options: ChildAgentOptions): Promise<ChildAgent>;
}

declare module "pi-kernel" {
  interface Services {
    "agent-factory": AgentFactory;
  }
}
