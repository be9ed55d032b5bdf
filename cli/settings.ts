// pi's settings.json: global (~/.pi/agent/settings.json) then project (.pi/settings.json),
// nested objects merged, project wins. A broken file is reported and skipped, never fatal.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { withoutUntrusted } from "../lib/packages/trust.js";

export interface LoadedSettings { settings: Record<string, unknown>; problems: string[] }

/** `projectTrusted` false: the project may not set what runs code or redirects requests. */
export function loadSettings(agentDir: string, cwd: string, projectTrusted = true): LoadedSettings {
  const problems: string[] = [];
  const read = (file: string): Record<string, unknown> => {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      return {};
    }
    try {
      const value = JSON.parse(text) as unknown;
      if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
      problems.push(`${file}: settings must be a JSON object; ignoring the file`);
    } catch (error) {
      problems.push(`${file}: invalid JSON (${(error as Error).message}); ignoring the file`);
    }
    return {};
  };
  const project = read(join(cwd, ".pi", "settings.json"));
  const settings = merge(read(join(agentDir, "settings.json")), projectTrusted ? project : withoutUntrusted(project));
  return { settings, problems };
}

function merge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prev = out[key];
    out[key] = isObject(prev) && isObject(value) ? merge(prev, value) : value;
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
