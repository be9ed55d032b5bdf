// What `@mariozechner/pi-agent-core` resolves to inside pi extensions. Extensions import its
// types (AgentMessage, AgentTool, ...); at run time only TypeBox is needed from it.
export { Type } from "@sinclair/typebox";
export type { AgentEvent, AgentMessage, ToolDef as AgentTool, ToolResult as AgentToolResult } from "../../../kernel/index.js";
