// Changing an mcp.json file: add or replace one server, remove one. Every other key of the file
// (and every other server) is kept; a file that is not valid JSON is refused, naming it; the new
// text lands with a rename, so a reader never sees half a file.
import { readFileSync } from "node:fs";
import { writeJsonAtomic } from "../packages/index.js";
import type { McpServerConfig } from "./config.js";

export class McpConfigWriteError extends Error {}

interface FileData {
  data: Record<string, unknown>;
  servers: Record<string, unknown>;
}

/** The file's object and its `mcpServers` (empty when the file does not exist yet). */
export function readMcpFile(file: string): FileData {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { data: {}, servers: {} };
    throw new McpConfigWriteError(`${file} cannot be read (${(error as NodeJS.ErrnoException).code})`);
  }
  let data: unknown;
  try {
    data = text.trim() === "" ? {} : JSON.parse(text);
  } catch (error) {
    throw new McpConfigWriteError(`${file} is not valid JSON (${(error as Error).message}); fix it or move it away first`);
  }
  if (!isObject(data)) throw new McpConfigWriteError(`${file} must hold a JSON object`);
  const servers = data.mcpServers ?? {};
  if (!isObject(servers)) throw new McpConfigWriteError(`${file}: "mcpServers" must be an object`);
  return { data, servers };
}

/** Adds (or with `force` replaces) a server. Throws when the name exists and `force` is not set. */
export function addMcpServer(file: string, name: string, config: McpServerConfig, opts: { force?: boolean } = {}): { replaced: boolean } {
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new McpConfigWriteError(`server names may use letters, digits, "_" and "-" only: ${name}`);
  const { data, servers } = readMcpFile(file);
  const replaced = name in servers;
  if (replaced && !opts.force) throw new McpConfigWriteError(`a server named "${name}" is already in ${file} (use --force to replace it)`);
  writeJsonAtomic(file, { ...data, mcpServers: { ...servers, [name]: config } });
  return { replaced };
}

/** Removes a server; false when the file has no server of that name (the file is left alone). */
export function removeMcpServer(file: string, name: string): boolean {
  const { data, servers } = readMcpFile(file);
  if (!(name in servers)) return false;
  const { [name]: _removed, ...rest } = servers;
  writeJsonAtomic(file, { ...data, mcpServers: rest });
  return true;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
