// MCP tools as pi-kernel tools: `mcp__<server>__<tool>` (sanitised to the names models accept),
// the server's JSON schema as `parameters`, deferred unless the server says `"defer": false`.
// A tool object stands for one listing of the tool: when the server lists it differently, or no
// longer, live.ts unregisters it (and registers the new one). Results longer than the output cap
// are cut, the whole kept in a file (output-cap.ts).
import type { ToolDef, ToolEffect, ToolResult } from "pi-kernel";
import type { McpConnection, McpToolInfo } from "./connection.js";
import { capOutput, type OutputCap } from "./output-cap.js";

export const DEFAULT_TIMEOUT_MS = 60_000;

/** The model-facing name: letters, digits, `_` and `-`, at most 64 characters. */
export function mcpName(server: string, item: string): string {
  return `mcp__${server}__${item}`.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64);
}

/** Every tool object this plugin made, so a turn's list can tell which of its tools are MCP's. */
const made = new WeakSet<object>();
export const isMcpTool = (tool: ToolDef): boolean => made.has(tool);

/** The tool's input schema as `parameters`: an object schema, whatever the server left out. */
export function toolParameters(tool: McpToolInfo): Record<string, unknown> {
  // ajv reads draft-07 without a `$schema`; a 2020-12 `$schema` would make it refuse the schema.
  const { $schema: _ignored, ...schema } = (tool.inputSchema ?? {}) as Record<string, unknown>;
  return { type: "object", properties: {}, ...schema };
}

export function makeTool(
  name: string,
  conn: McpConnection,
  tool: McpToolInfo,
  parameters: Record<string, unknown>,
  cap: () => OutputCap,
): ToolDef {
  const def = {
    name,
    label: tool.title ?? tool.name,
    description: `${tool.description?.trim() || tool.name} (MCP server ${conn.name})`,
    parameters,
    effect: mcpEffect(tool.annotations),
    // It runs in its server, which is not sandboxed by design (docs/usage/sandbox.md).
    runs: "remote",
    /** Behind tool_search unless the server says `"defer": false` (lib/tool-kit's marker). */
    deferred: conn.defer,
    defaultActive: !conn.defer,
    execute: (_id: string, params: Record<string, unknown>, signal: AbortSignal) => callTool(conn, tool, params, signal, cap()),
  };
  made.add(def);
  return def as unknown as ToolDef;
}

/**
 * A tool's effect from the server's annotations. Only hints the server states count (the spec's
 * defaults, destructive and open-world, would make every tool alike): read-only is "read", or
 * "fetch" when it reaches the open world (web, remote APIs); destructive in a closed world edits
 * local state ("edit"), in an open or unstated one it may do anything ("other"); an open-world tool
 * that is neither is "fetch". No hints: "other", which every permission mode but yolo asks about.
 */
export function mcpEffect(hints: McpToolInfo["annotations"]): ToolEffect {
  if (!hints) return "other";
  if (hints.readOnlyHint === true) return hints.openWorldHint === true ? "fetch" : "read";
  if (hints.destructiveHint === true) return hints.openWorldHint === false ? "edit" : "other";
  return hints.openWorldHint === true ? "fetch" : "other";
}

async function callTool(
  conn: McpConnection,
  tool: McpToolInfo,
  args: Record<string, unknown>,
  signal: AbortSignal,
  cap: OutputCap,
): Promise<ToolResult> {
  const client = conn.client;
  if (!client || conn.state !== "connected") {
    return errorResult(`MCP server ${conn.name} is not connected (${conn.state}${conn.error ? `: ${conn.error}` : ""})`);
  }
  const timeout = conn.entry.config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    const result = await client.callTool({ name: tool.name, arguments: args }, undefined, { signal, timeout });
    return capOutput(mapResult(result as CallResult), cap);
  } catch (error) {
    if (signal.aborted) return errorResult(`MCP tool ${tool.name} (server ${conn.name}) was aborted`);
    const text = error instanceof Error ? error.message : String(error);
    if (/timed out|timeout/i.test(text)) {
      return errorResult(`MCP tool ${tool.name} on server ${conn.name} timed out after ${timeout} ms`);
    }
    return errorResult(conn.scrub(`MCP tool ${tool.name} on server ${conn.name} failed: ${text}`));
  }
}

interface CallResult {
  content?: ContentBlock[];
  structuredContent?: unknown;
  isError?: boolean;
  toolResult?: unknown;
}

type ContentBlock =
  | { type: "text"; text: string }
  | { type: "image"; data: string; mimeType: string }
  | { type: "audio"; mimeType: string }
  | { type: "resource"; resource: { uri: string; mimeType?: string; text?: string; blob?: string } }
  | { type: "resource_link"; uri: string; name?: string; description?: string; mimeType?: string };

/** Text, images, embedded resources, resource links and structured content, as the model reads them. */
export function mapResult(r: CallResult): ToolResult {
  const content: ToolResult["content"] = [];
  for (const block of r.content ?? []) {
    if (block.type === "text") content.push({ type: "text", text: block.text });
    else if (block.type === "image") content.push({ type: "image", data: block.data, mimeType: block.mimeType });
    else if (block.type === "resource") {
      const res = block.resource;
      content.push({
        type: "text",
        text:
          res.text !== undefined
            ? `[resource ${res.uri}]\n${res.text}`
            : `[resource ${res.uri}: binary${res.mimeType ? ` ${res.mimeType}` : ""}, ${res.blob?.length ?? 0} base64 characters, not shown]`,
      });
    } else if (block.type === "resource_link") {
      const about = [block.name, block.description].filter(Boolean).join(": ");
      content.push({ type: "text", text: `[resource link ${block.uri}${about ? ` (${about})` : ""}]` });
    } else content.push({ type: "text", text: `[${(block as { type: string }).type} content not shown]` });
  }
  const hasText = content.some((c) => c.type === "text");
  if (r.structuredContent !== undefined && !hasText) content.push({ type: "text", text: JSON.stringify(r.structuredContent) });
  if (r.toolResult !== undefined && content.length === 0) content.push({ type: "text", text: JSON.stringify(r.toolResult) });
  if (content.length === 0) content.push({ type: "text", text: "(no output)" });
  return { content, ...(r.isError && { isError: true }) };
}

function errorResult(text: string): ToolResult {
  return { content: [{ type: "text", text }], isError: true };
}
