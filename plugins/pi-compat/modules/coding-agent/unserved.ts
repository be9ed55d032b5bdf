// The rest of pi-coding-agent's runtime names. Those pi-kernel serves differently say so when
// called (one `unavailable` helper, naming what to use); the small pure ones are pi's own.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { CONFIG_DIR_NAME } from "./config.js";
export { buildSessionProjection } from "./session/format.js";
import { type PiToolDefinition, type ToolCtx, toAgentTool } from "./tools/definition.js";
import { unavailable } from "./unavailable.js";

const SESSION = "is pi's session runtime (switching, forking and reloading sessions in one object); use createAgentSession";
const RESOURCES =
  "is pi's resource discovery; pi-kernel discovers extensions, skills, prompts and themes itself (see `pi --help`, pi-packages.json)";
const SUMMARY = "calls the model for a summary; pi-kernel's compaction plugin does this: ctx.compact() or session.compact()";
const POWERSHELL = "is pi's Windows PowerShell tool; pi-kernel runs commands with the bash tool";

export const AgentSessionRuntime = unavailable("AgentSessionRuntime", SESSION);
export const createAgentSessionRuntime = unavailable("createAgentSessionRuntime", SESSION);
export const createAgentSessionServices = unavailable("createAgentSessionServices", SESSION);
export const createAgentSessionFromServices = unavailable("createAgentSessionFromServices", SESSION);
export const DefaultResourceLoader = unavailable("DefaultResourceLoader", RESOURCES);
export const DefaultPackageManager = unavailable(
  "DefaultPackageManager",
  "is pi's package manager; use `pi install/remove/list` (pi-kernel's packages plugin)",
);
export const ExtensionRunner = unavailable(
  "ExtensionRunner",
  "is pi's extension host; pi-kernel runs extensions through its pi-compat plugin",
);
export const createExtensionRuntime = unavailable("createExtensionRuntime", RESOURCES);
export const discoverAndLoadExtensions = unavailable("discoverAndLoadExtensions", RESOURCES);
export const ProjectTrustStore = unavailable("ProjectTrustStore", "is pi's trust store; pi-kernel asks once per project (`pi --trust`)");
export const main = unavailable("main", "is pi's CLI entry point; run pi-kernel's `pi` command (bin/pi.js)");
export const runPrintMode = unavailable("runPrintMode", "is pi's print mode over its own session; run `pi -p` or use createAgentSession");
export const runRpcMode = unavailable("runRpcMode", "is pi's RPC mode over its own session; run `pi --mode rpc` (RpcClient does)");
export const compact = unavailable("compact", SUMMARY);
export const generateSummary = unavailable("generateSummary", SUMMARY);
export const generateSummaryWithUsage = unavailable("generateSummaryWithUsage", SUMMARY);
export const generateBranchSummary = unavailable("generateBranchSummary", SUMMARY);
export const prepareBranchEntries = unavailable("prepareBranchEntries", SUMMARY);
export const createCodemodeExtension = unavailable(
  "createCodemodeExtension",
  "is pi's built-in codemode extension, which pi-kernel does not ship",
);
export const createMcpExtension = unavailable(
  "createMcpExtension",
  "is pi's built-in MCP extension; pi-kernel's mcp plugin reads mcp.json (`pi mcp add`)",
);
export const createToolSearchExtension = unavailable(
  "createToolSearchExtension",
  "is pi's tool search; pi-kernel's deferred-tools plugin provides tool_search",
);
export const createPowerShellTool = unavailable("createPowerShellTool", POWERSHELL);
export const createPowerShellToolDefinition = unavailable("createPowerShellToolDefinition", POWERSHELL);
export const createLocalPowerShellOperations = unavailable("createLocalPowerShellOperations", POWERSHELL);
export const getPowerShellConfig = unavailable("getPowerShellConfig", POWERSHELL);
export const isPowerShellToolResult = (event: { toolName?: string }) => event.toolName === "powershell";

export const VIRTUAL_MODEL_STATE_ENTRY = "pi.virtual-model-state";

/** pi's `:start-end` suffix for a read call's offset/limit ("" when there is none). */
export function formatReadLineRange(offset?: number | string | null, limit?: number | string | null): string {
  const num = (v: unknown) => {
    const n = typeof v === "string" && v.trim() ? Number(v) : v;
    return typeof n === "number" && Number.isFinite(n) ? n : undefined;
  };
  if (offset == null && limit == null) return "";
  const start = offset == null ? 1 : num(offset);
  if (start === undefined) return "";
  if (limit == null) return `:${start}`;
  const count = num(limit);
  if (count === undefined) return "";
  const end = start + count - 1;
  return `:${start}${end ? `-${end}` : ""}`;
}

/** Whether a project folder holds resources pi only loads once the project is trusted. */
export function hasTrustRequiringProjectResources(cwd: string): boolean {
  const dir = join(cwd, CONFIG_DIR_NAME);
  return ["extensions", "settings.json", "skills", "prompts", "themes", "pi-packages.json"].some((n) => existsSync(join(dir, n)));
}

interface Registered {
  definition: PiToolDefinition;
}
interface Runner {
  createToolContext?(toolCallId?: string, signal?: AbortSignal): unknown;
  createContext?(): unknown;
}

/** pi's wrapRegisteredTool: the AgentTool for a registered extension tool, its context from the runner. */
export function wrapRegisteredTool(registered: Registered, runner: Runner) {
  return toAgentTool(
    registered.definition,
    (id, signal) => (runner.createToolContext?.(id, signal) ?? runner.createContext?.()) as ToolCtx,
  );
}
export const wrapRegisteredTools = (tools: Registered[], runner: Runner) => tools.map((t) => wrapRegisteredTool(t, runner));
