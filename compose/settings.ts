// pi's settings.json: global (~/.pi/agent/settings.json) then project (.pi/settings.json),
// nested objects merged, project wins. A broken file is reported and skipped, never fatal.
import { join } from "node:path";
import { mergeSettings, readSettings, withoutUntrusted } from "../lib/packages/index.js";

export interface LoadedSettings {
  settings: Record<string, unknown>;
  problems: string[];
}

/** `projectTrusted` false: the project may not set what runs code or redirects requests. */
export function loadSettings(agentDir: string, cwd: string, projectTrusted = true): LoadedSettings {
  const problems: string[] = [];
  const read = (file: string): Record<string, unknown> => {
    try {
      return readSettings(file);
    } catch (error) {
      problems.push(`${(error as Error).message}; ignoring the file`);
      return {};
    }
  };
  const project = read(join(cwd, ".pi", "settings.json"));
  const settings = mergeSettings(read(join(agentDir, "settings.json")), projectTrusted ? project : withoutUntrusted(project));
  return { settings, problems };
}
