// No model configured at all: look for the usual local servers on 127.0.0.1 and offer what runs
// there, or tell the user exactly what to set. Only runs when nothing is configured, with a
// short timeout, all servers at once.
import type { Model } from "pi-kernel";
import { ENV_KEYS } from "./builtin.js";

interface LocalServer {
  provider: string;
  label: string;
  port: number;
}

const DEFAULT_SERVERS: LocalServer[] = [
  { provider: "ollama", label: "Ollama", port: 11434 },
  { provider: "llama.cpp", label: "llama.cpp server", port: 8080 },
  { provider: "lmstudio", label: "LM Studio", port: 1234 },
  { provider: "vllm", label: "vLLM", port: 8000 },
];
const TIMEOUT_MS = 400;

/**
 * The servers to probe. PI_KERNEL_PROBE_PORTS ("ollama=11434,vllm=8000") replaces the default
 * ports (tests point it at a simulator; "none" disables probing).
 */
export function localServers(env: NodeJS.ProcessEnv = process.env): LocalServer[] {
  const spec = env.PI_KERNEL_PROBE_PORTS;
  if (spec === undefined) return DEFAULT_SERVERS;
  if (spec.trim() === "none") return [];
  return spec.split(",").flatMap((entry) => {
    const [provider, port] = entry.split("=").map((s) => s.trim());
    const known = DEFAULT_SERVERS.find((s) => s.provider === provider);
    return known && Number(port) > 0 ? [{ ...known, port: Number(port) }] : [];
  });
}

export interface Found {
  server: LocalServer;
  baseUrl: string;
  models: Model[];
}

/** The servers that answer `GET /v1/models`, with their models, in the default order. */
export async function probeLocalServers(servers = localServers()): Promise<Found[]> {
  const results = await Promise.all(servers.map(probe));
  return results.filter((r): r is Found => r !== undefined && r.models.length > 0);
}

async function probe(server: LocalServer): Promise<Found | undefined> {
  const baseUrl = `http://127.0.0.1:${server.port}/v1`;
  try {
    const response = await fetch(`${baseUrl}/models`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { data?: { id?: unknown }[] };
    const ids = (body.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === "string" && id !== "");
    return { server, baseUrl, models: ids.map((id) => localModel(server.provider, baseUrl, id)) };
  } catch {
    return undefined; // nothing listening, or not an OpenAI-compatible server
  }
}

function localModel(provider: string, baseUrl: string, id: string): Model {
  return {
    id,
    name: id,
    api: "openai-completions",
    provider,
    baseUrl,
    reasoning: false,
    input: ["text"],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: 128_000,
    maxTokens: 16_384,
  };
}

/** What to tell a user who has no model at all. */
export function noModelAdvice(agentDir: string): string {
  const vars = [
    "ANTHROPIC_API_KEY",
    "OPENAI_API_KEY",
    "GEMINI_API_KEY",
    ...Object.values(ENV_KEYS).filter((v) => !/^(ANTHROPIC|OPENAI|GEMINI)_/.test(v)),
  ];
  return [
    "No model available. Either:",
    "  - sign in to a subscription: type /login in pi's interactive UI (Claude Pro/Max, ChatGPT Plus/Pro, GitHub Copilot, Gemini, Antigravity);",
    `  - set an API key in the environment: ${vars.slice(0, 9).join(", ")} (and others);`,
    `  - put a key in ${agentDir}/auth.json: {"anthropic": {"type": "api_key", "key": "..."}};`,
    `  - or describe a server in ${agentDir}/models.json (docs/usage/providers-and-models.md, "Local servers and models.json");`,
    "  - or start a local server (Ollama on port 11434, llama.cpp 8080, LM Studio 1234, vLLM 8000).",
  ].join("\n");
}

/** The info line when local servers were found. */
export function foundAdvice(found: Found[], agentDir: string): string {
  const list = found.map((f) => `${f.server.label} at ${f.baseUrl} (${f.models.map((m) => m.id).join(", ")})`).join("; ");
  return `No model configured; found ${list}. Using ${found[0].models[0].provider}/${found[0].models[0].id}. Add it to ${agentDir}/models.json to keep it.`;
}
