// MCP server configuration in the format people already have (Claude Code's, Cursor's):
// `{"mcpServers": {"<name>": {"command", "args", "env", "cwd"} | {"type": "http", "url", "headers"}}}`,
// from `mcp.json` in the agent dir (global), then `.pi/mcp.json` and a project-root `.mcp.json`
// (project: only once the directory is trusted). `${VAR}` and `${VAR:-default}` expand from the
// environment in every string. A later file's server of the same name replaces an earlier one.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export type McpScope = "global" | "project";
/** Where a running server comes from: a config file's scope, or this session only (given by an ACP client). */
export type McpServerScope = McpScope | "session";

export interface McpServerConfig {
  /** stdio: the program and its arguments. */
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** "stdio" (default when `command` is set), "http" (streamable HTTP) or "sse" (legacy). */
  type?: "stdio" | "http" | "sse";
  url?: string;
  headers?: Record<string, string>;
  /** false: send the server's tools with every request instead of behind tool_search. */
  defer?: boolean;
  /** Per-call timeout for this server's tools (ms). */
  timeoutMs?: number;
  disabled?: boolean;
}

export interface McpConfigFile {
  scope: McpScope;
  file: string;
}

export interface LoadedMcpServer {
  name: string;
  /** With `${VAR}` references expanded: what runs. Never printed (see `given`). */
  config: McpServerConfig;
  /** As written in the file, `${VAR}` references and all: what lists, details and messages show. */
  given: McpServerConfig;
  scope: McpServerScope;
  file: string;
}

export interface LoadedMcpConfig {
  servers: LoadedMcpServer[];
  /** Problems found, each naming the file (and the server). */
  problems: string[];
}

/** The files, in load order: global, then (when trusted) `.pi/mcp.json`, then `.mcp.json`. */
export function mcpConfigFiles(agentDir: string, cwd: string, projectTrusted: boolean): McpConfigFile[] {
  const files: McpConfigFile[] = [{ scope: "global", file: join(agentDir, "mcp.json") }];
  if (projectTrusted)
    files.push({ scope: "project", file: join(cwd, ".pi", "mcp.json") }, { scope: "project", file: join(cwd, ".mcp.json") });
  return files;
}

export function loadMcpConfig(files: McpConfigFile[], env: NodeJS.ProcessEnv = process.env): LoadedMcpConfig {
  const byName = new Map<string, LoadedMcpServer>();
  const problems: string[] = [];
  for (const { scope, file } of files) {
    const raw = readJson(file, problems);
    if (raw === undefined) continue;
    for (const server of serversIn(raw, file, scope, problems, env)) byName.set(server.name, server);
  }
  return { servers: [...byName.values()], problems };
}

/** The servers of one config (`{"mcpServers": {...}}`, read from `file`), checked and expanded; problems are added to `problems`. */
export function serversIn(
  raw: unknown,
  file: string,
  scope: McpServerScope,
  problems: string[],
  env: NodeJS.ProcessEnv = process.env,
): LoadedMcpServer[] {
  const servers = (raw as { mcpServers?: unknown } | undefined)?.mcpServers;
  if (servers === undefined) return [];
  if (!isObject(servers)) {
    problems.push(`${file}: "mcpServers" must be an object`);
    return [];
  }
  return Object.entries(servers).flatMap(([name, value]) => {
    const config = checkServer(name, value, file, problems);
    return config ? [{ name, config: expandConfig(config, env), given: config, scope, file }] : [];
  });
}

/** The transport a config asks for. */
export function transportOf(config: McpServerConfig): "stdio" | "http" | "sse" {
  return config.type ?? (config.command ? "stdio" : "http");
}

function checkServer(name: string, value: unknown, file: string, problems: string[]): McpServerConfig | undefined {
  const where = `${file}: mcpServers.${name}`;
  if (!/^[A-Za-z0-9_-]+$/.test(name)) return void problems.push(`${where}: server names may use letters, digits, "_" and "-" only`);
  if (!isObject(value)) return void problems.push(`${where} must be an object`);
  const c = value as McpServerConfig;
  const type = c.type ?? (c.command ? "stdio" : c.url ? "http" : undefined);
  if (!type || !["stdio", "http", "sse"].includes(type))
    return void problems.push(`${where}: give "command" (stdio) or "url" with "type": "http"`);
  if (type === "stdio" && typeof c.command !== "string") return void problems.push(`${where}: "command" must be a string`);
  if (type !== "stdio" && typeof c.url !== "string") return void problems.push(`${where}: "url" must be a string`);
  if (c.args !== undefined && !(Array.isArray(c.args) && c.args.every((a) => typeof a === "string"))) {
    return void problems.push(`${where}: "args" must be an array of strings`);
  }
  for (const key of ["env", "headers"] as const) {
    const map = c[key];
    if (map !== undefined && !(isObject(map) && Object.values(map).every((v) => typeof v === "string"))) {
      return void problems.push(`${where}: "${key}" must map names to strings`);
    }
  }
  return c;
}

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** `${VAR}` / `${VAR:-default}` in every string of the config. */
export function expandConfig(config: McpServerConfig, env: NodeJS.ProcessEnv = process.env): McpServerConfig {
  const expand = (s: string) => s.replace(REFERENCE, (_m, name: string, fallback?: string) => env[name] ?? fallback ?? "");
  const map = (m?: Record<string, string>) => (m ? Object.fromEntries(Object.entries(m).map(([k, v]) => [k, expand(v)])) : undefined);
  return {
    ...config,
    ...(config.command !== undefined && { command: expand(config.command) }),
    ...(config.args && { args: config.args.map(expand) }),
    ...(config.env && { env: map(config.env) }),
    ...(config.cwd !== undefined && { cwd: expand(config.cwd) }),
    ...(config.url !== undefined && { url: expand(config.url) }),
    ...(config.headers && { headers: map(config.headers) }),
  };
}

/**
 * The values a config's `${VAR}` references expanded to, and its env and header values: what no
 * message may show (a failed spawn or fetch quotes the command or URL it was given).
 */
export function secretsOf(server: LoadedMcpServer, env: NodeJS.ProcessEnv = process.env): string[] {
  const { given, config } = server;
  const strings = [
    given.command,
    given.url,
    given.cwd,
    ...(given.args ?? []),
    ...Object.values(given.env ?? {}),
    ...Object.values(given.headers ?? {}),
  ];
  const referenced = strings.flatMap((s) => [...(s ?? "").matchAll(REFERENCE)].map((m) => env[m[1]!] ?? m[2] ?? ""));
  const values = [...referenced, ...Object.values(config.env ?? {}), ...Object.values(config.headers ?? {})];
  // Short values would blank out ordinary words of a message; they are not worth a secret's name.
  return [...new Set(values)].filter((v) => v.length >= 3).sort((a, b) => b.length - a.length);
}

/** The config with the values of `env` and `headers` hidden (the secret policy). */
export function redactConfig(config: McpServerConfig): McpServerConfig {
  const hide = (m?: Record<string, string>) => (m ? Object.fromEntries(Object.keys(m).map((k) => [k, "***"])) : undefined);
  return { ...config, ...(config.env && { env: hide(config.env) }), ...(config.headers && { headers: hide(config.headers) }) };
}

function readJson(file: string, problems: string[]): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT")
      problems.push(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code})`);
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    problems.push(`${file}: invalid JSON: ${(error as Error).message}`);
    return undefined;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
