// MCP prompts as slash commands: `/mcp__<server>__<prompt> a b key=value`. Positional words fill
// the prompt's arguments in order, `key=value` names one; the prompt's messages become the user
// message sent to the model (as prompt templates are: a "transform" of the input).
import type { CommandDef } from "../../contracts/index.js";
import type { McpConnection, McpPromptInfo } from "./connection.js";
import { mcpName } from "./tools.js";

type ImageBlock = { type: "image"; data: string; mimeType: string };

export function promptCommand(conn: McpConnection, prompt: McpPromptInfo): CommandDef {
  const args = prompt.arguments ?? [];
  return {
    name: mcpName(conn.name, prompt.name),
    description: `${prompt.description ?? prompt.name} (MCP server ${conn.name})`,
    argumentHint: args.map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`)).join(" ") || undefined,
    source: "mcp",
    handler: async (text: string) => {
      const client = conn.client;
      if (!client || conn.state !== "connected") return `MCP server ${conn.name} is not connected (${conn.state})`;
      const values = promptArguments(prompt, text);
      const missing = args.filter((a) => a.required && values[a.name] === undefined).map((a) => a.name);
      if (missing.length) return `/${mcpName(conn.name, prompt.name)} needs ${missing.join(", ")}`;
      try {
        const result = await client.getPrompt({ name: prompt.name, arguments: values });
        return expand(result.messages as PromptMessage[]);
      } catch (error) {
        return conn.scrub(`MCP prompt ${prompt.name} on server ${conn.name} failed: ${(error as Error).message}`);
      }
    },
  };
}

/** Positional words fill the arguments in order; `key=value` sets a named one. */
export function promptArguments(prompt: McpPromptInfo, text: string): Record<string, string> {
  const names = (prompt.arguments ?? []).map((a) => a.name);
  const values: Record<string, string> = {};
  const positional: string[] = [];
  for (const word of splitWords(text)) {
    const eq = word.indexOf("=");
    const key = eq > 0 ? word.slice(0, eq) : "";
    if (key && names.includes(key)) values[key] = word.slice(eq + 1);
    else positional.push(word);
  }
  const free = names.filter((n) => values[n] === undefined);
  for (const [i, name] of free.entries()) {
    if (i >= positional.length) break;
    // The last argument takes the rest of the words.
    values[name] = i === free.length - 1 ? positional.slice(i).join(" ") : positional[i]!;
  }
  return values;
}

function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const m of text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) words.push(m[1] ?? m[2] ?? m[3]!);
  return words;
}

interface PromptMessage {
  role: "user" | "assistant";
  content:
    | { type: "text"; text: string }
    | ImageBlock
    | { type: "resource"; resource: { uri: string; text?: string } }
    | { type: string; uri?: string };
}

function expand(messages: PromptMessage[]): { action: "transform"; text: string; images?: ImageBlock[] } {
  const parts: string[] = [];
  const images: ImageBlock[] = [];
  for (const m of messages) {
    const c = m.content;
    let text: string;
    if (c.type === "text") text = (c as { text: string }).text;
    else if (c.type === "image") {
      images.push({ type: "image", data: (c as ImageBlock).data, mimeType: (c as ImageBlock).mimeType });
      continue;
    } else if (c.type === "resource") {
      const r = (c as { resource: { uri: string; text?: string } }).resource;
      text = r.text !== undefined ? `[resource ${r.uri}]\n${r.text}` : `[resource ${r.uri}: binary, not shown]`;
    } else text = `[${c.type}${(c as { uri?: string }).uri ? ` ${(c as { uri?: string }).uri}` : ""}]`;
    parts.push(m.role === "assistant" ? `(assistant) ${text}` : text);
  }
  return { action: "transform", text: parts.join("\n\n"), ...(images.length && { images }) };
}
