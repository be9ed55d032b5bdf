// The arguments of `pi mcp <command>`: Claude Code's flags (-s/--scope, -t/--transport, -e/--env,
// -H/--header) plus --cwd and --force; everything after `--` is the server's command line.
import type { McpScope } from "../lib/mcp-kit/index.js";

export interface McpArgs {
  command: string;
  positionals: string[];
  scope?: McpScope;
  transport: "stdio" | "http" | "sse";
  env: Record<string, string>;
  headers: Record<string, string>;
  cwd?: string;
  force: boolean;
  trust: boolean;
}

const SCOPES: Record<string, McpScope> = { global: "global", user: "global", project: "project" };
const TRANSPORTS = ["stdio", "http", "sse"] as const;

export function parseMcpArgs(argv: string[]): McpArgs {
  const [command = "help", ...rest] = argv;
  const args: McpArgs = { command, positionals: [], transport: "stdio", env: {}, headers: {}, force: false, trust: false };
  const dash = rest.indexOf("--");
  const before = dash === -1 ? rest : rest.slice(0, dash);
  for (let i = 0; i < before.length; i++) {
    const arg = before[i];
    const [flag, inline] = arg.startsWith("--") ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => {
      const v = inline ?? before[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === "-s" || flag === "--scope") {
      const v = value();
      args.scope = SCOPES[v];
      if (!args.scope) throw new Error(`--scope is global (or user) or project, not ${v}`);
    } else if (flag === "-t" || flag === "--transport") {
      const given = value();
      const t = given === "streamable-http" || given === "streamableHttp" ? "http" : given;
      if (!(TRANSPORTS as readonly string[]).includes(t)) throw new Error(`--transport is stdio, http or sse, not ${given}`);
      args.transport = t as McpArgs["transport"];
    } else if (flag === "-e" || flag === "--env") {
      const [k, v] = value().split(/=(.*)/s, 2);
      if (!k || v === undefined) throw new Error(`-e takes KEY=VALUE, not ${k}`);
      args.env[k] = v;
    } else if (flag === "-H" || flag === "--header") {
      const h = value();
      const at = h.indexOf(":");
      if (at <= 0) throw new Error(`-H takes "Name: value", not ${h}`);
      args.headers[h.slice(0, at).trim()] = h.slice(at + 1).trim();
    } else if (flag === "--cwd") args.cwd = value();
    else if (flag === "--force" || flag === "-f") args.force = true;
    else if (flag === "--trust") args.trust = true;
    else if (flag.startsWith("-") && flag !== "-")
      throw new Error(`unknown option ${flag} (a server's own options go after --: pi mcp add <name> -- <command> [args...])`);
    else args.positionals.push(arg);
  }
  if (dash !== -1) {
    if (args.positionals.length !== 1) throw new Error("give exactly the server's name before --");
    args.positionals.push(...rest.slice(dash + 1));
  }
  return args;
}
