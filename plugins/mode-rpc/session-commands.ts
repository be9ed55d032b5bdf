// RPC commands served by other plugins' services (sessions, compaction, user shell). Each fails
// with a clear error when the agent was composed without the plugin that provides the service.
import type { Handler } from "./commands.js";

export const SESSION_COMMANDS: Record<string, Handler> = {};
