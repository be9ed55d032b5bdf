// Trusting a project directory. A repository can carry code (.pi/extensions, packages in
// .pi/settings.json, MCP servers, command hooks, subagent definitions), settings that redirect
// requests (a `baseUrl`) and ones that hand provider keys to shell commands
// (`shell.passProviderKeys`); none of it takes effect until the user trusts the directory once (a
// prompt in the interactive UI, `--trust` headless).
// The answer is remembered in ~/.pi/agent/trusted-projects.json.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join, resolve, sep } from "node:path";

const FILE = "trusted-projects.json";

/** The list last read, by its file's stat: ~15 plugins ask at every start, before the first frame. */
let last: { file: string; stamp: string; list: readonly string[] } | undefined;

function trustedList(agentDir: string): readonly string[] {
  const file = join(agentDir, FILE);
  // A missing file (most starts) answers without an Error: reading it threw one per question.
  const info = statOrNone(file);
  if (!info) return [];
  // trustDirectory renames a new file into place, so a change is a new inode as well.
  const stamp = `${info.ino}:${info.size}:${info.mtimeMs}`;
  if (last?.file === file && last.stamp === stamp) return last.list;
  last = { file, stamp, list: readList(file) };
  return last.list;
}

function statOrNone(file: string): ReturnType<typeof statSync> {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined; // not a directory on the way, no access: untrusted, as an unreadable file is
  }
}

function readList(file: string): string[] {
  try {
    const v = JSON.parse(readFileSync(file, "utf8")) as { trusted?: unknown };
    return Array.isArray(v.trusted) ? v.trusted.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** A directory is trusted when it, or a directory above it, was trusted. */
export function isTrusted(agentDir: string, cwd: string): boolean {
  const dir = resolve(cwd);
  return trustedList(agentDir).some((t) => dir === t || dir.startsWith(t.endsWith(sep) ? t : t + sep));
}

export function trustDirectory(agentDir: string, cwd: string): void {
  const list = trustedList(agentDir);
  const dir = resolve(cwd);
  if (list.includes(dir)) return;
  mkdirSync(agentDir, { recursive: true });
  const file = join(agentDir, FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ trusted: [...list, dir] }, null, 2)}\n`);
  renameSync(tmp, file);
}

/** What in this project would run code or redirect requests (empty: nothing to trust). */
export function untrustedContent(cwd: string): string[] {
  const found: string[] = [];
  const extensions = join(cwd, ".pi", "extensions");
  if (existsSync(extensions) && readdirSync(extensions).some((n) => !n.startsWith("."))) found.push(".pi/extensions");
  if (existsSync(join(cwd, ".pi", "pi-packages.json"))) found.push(".pi/pi-packages.json");
  const settings = readJson(join(cwd, ".pi", "settings.json"));
  if (Array.isArray(settings.packages) && settings.packages.length) found.push(".pi/settings.json packages");
  if (Array.isArray(settings.extensions) && settings.extensions.length) found.push(".pi/settings.json extensions");
  if (hasKey(settings, "baseUrl")) found.push(".pi/settings.json baseUrl");
  if (hasKey(settings, "passProviderKeys")) found.push(".pi/settings.json shell.passProviderKeys");
  // An MCP server entry is a command to run (or a URL to send requests to).
  for (const file of [".pi/mcp.json", ".mcp.json"]) if (namesMcpServers(join(cwd, file))) found.push(file);
  // A subagent definition chooses the model, tools and instructions a child agent runs with.
  if (markdownIn(join(cwd, ".pi", "agents"))) found.push(".pi/agents");
  // Command hooks, ours and the other agents' project files (the hooks plugin runs them once trusted).
  for (const file of [".pi/settings.json", ".claude/settings.json", ".claude/settings.local.json", ".codex/hooks.json"]) {
    const hooks = readJson(join(cwd, file)).hooks;
    if (hooks && typeof hooks === "object" && Object.keys(hooks).length > 0) found.push(`${file} hooks`);
  }
  return found;
}

function markdownIn(dir: string): boolean {
  try {
    return readdirSync(dir).some((n) => n.toLowerCase().endsWith(".md"));
  } catch {
    return false;
  }
}

/** A JSON file's object; {} when missing or unreadable (its own loader reports why). */
function readJson(file: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(readFileSync(file, "utf8"));
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function namesMcpServers(file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    const servers = (JSON.parse(readFileSync(file, "utf8")) as { mcpServers?: unknown }).mcpServers;
    return typeof servers === "object" && servers !== null && Object.keys(servers).length > 0;
  } catch {
    return true; // unreadable: the mcp plugin reports why; still something not to run untrusted
  }
}

/** Project settings without what an untrusted directory may not set. */
export function withoutUntrusted(settings: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    // "servers": lsp.servers names programs (and their arguments, environment) the agent runs.
    if (key === "packages" || key === "extensions" || key === "baseUrl" || key === "passProviderKeys" || key === "servers") continue;
    out[key] = value && typeof value === "object" && !Array.isArray(value) ? withoutUntrusted(value as Record<string, unknown>) : value;
  }
  return out;
}

function hasKey(value: unknown, key: string): boolean {
  if (!value || typeof value !== "object") return false;
  return Object.entries(value).some(([k, v]) => k === key || hasKey(v, key));
}
