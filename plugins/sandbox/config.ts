// Which sandbox shell commands run in: `--sandbox <mode>` over the `sandbox.mode` setting, plus
// `sandbox.network` and `sandbox.allowWrite`. A project's own .pi/settings.json may tighten these
// but, until the project is trusted, not loosen them: a cloned repository must not be able to
// switch the sandbox off or open the network for the commands run in it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PluginApi } from "pi-kernel";
import { isTrusted } from "../../lib/packages/index.js";

export const SANDBOX_MODES = ["off", "read-only", "workspace-write"] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

export interface SandboxConfig {
  mode: SandboxMode;
  network: boolean;
  /** Extra paths commands may write to (workspace-write). */
  allowWrite: string[];
  /** Where the mode came from, for messages ("--sandbox", "sandbox.mode in settings"). */
  source: string;
  /** A value that is not a mode: every command is refused until it is fixed (fail closed). */
  invalid?: string;
}

const STRICTNESS: Record<SandboxMode, number> = { off: 0, "workspace-write": 1, "read-only": 2 };

export function sandboxConfig(api: PluginApi): SandboxConfig {
  const global = section(readJson(join(api.agentDir, "settings.json")));
  const merged = section(api.settings);
  const trusted = isTrusted(api.agentDir, api.cwd);
  // Untrusted: a project value counts only where it is stricter than the global one.
  const settingMode = trusted ? merged.mode : stricter(global.mode, merged.mode);
  const network = trusted ? merged.network === true : global.network === true && merged.network !== false;
  const allowWrite = (trusted ? merged.allowWrite : global.allowWrite) ?? [];
  const flag = api.flags.sandbox;
  const given = flag !== undefined ? (flag === true ? "workspace-write" : String(flag)) : String(settingMode ?? "off");
  const source = flag !== undefined ? "--sandbox" : "sandbox.mode";
  const valid = (SANDBOX_MODES as readonly string[]).includes(given);
  return {
    mode: valid ? (given as SandboxMode) : "read-only",
    network,
    allowWrite: Array.isArray(allowWrite) ? allowWrite.filter((p): p is string => typeof p === "string") : [],
    source,
    ...(!valid && { invalid: `${source} is "${given}"; expected one of ${SANDBOX_MODES.join(", ")}` }),
  };
}

function stricter(a: unknown, b: unknown): string | undefined {
  const known = (v: unknown): v is SandboxMode => typeof v === "string" && v in STRICTNESS;
  if (!known(b)) return known(a) ? a : typeof b === "string" ? b : undefined;
  if (!known(a)) return b;
  return STRICTNESS[b] >= STRICTNESS[a] ? b : a;
}

function section(settings: Readonly<Record<string, unknown>>): { mode?: unknown; network?: unknown; allowWrite?: unknown[] } {
  const s = settings.sandbox;
  return s && typeof s === "object" ? (s as { mode?: unknown; network?: unknown; allowWrite?: unknown[] }) : {};
}

function readJson(file: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch {
    return {};
  }
}
