// pi's settings.json: global (~/.pi/agent/settings.json) then project (.pi/settings.json),
// nested objects merged, project wins. A broken file is reported once (file:line:column, and the
// keys it holds, none of which applies) and skipped, never fatal.
import { join } from "node:path";
import { mergeSettings, readSettings, SettingsFileError, withoutUntrusted } from "../lib/packages/index.js";

export interface LoadedSettings {
  settings: Record<string, unknown>;
  problems: string[];
  /** Each file as read (the project's before the trust filter), for the check against the plugins' schemas. */
  files: { file: string; settings: Record<string, unknown> }[];
}

/** `projectTrusted` false: the project may not set what runs code or redirects requests. */
export function loadSettings(agentDir: string, cwd: string, projectTrusted = true): LoadedSettings {
  const problems: string[] = [];
  const files: LoadedSettings["files"] = [];
  const read = (file: string): Record<string, unknown> => {
    try {
      const settings = readSettings(file);
      files.push({ file, settings });
      return settings;
    } catch (error) {
      const keys = error instanceof SettingsFileError && error.keys.length ? `: ${error.keys.join(", ")} not applied` : "";
      problems.push(`${(error as Error).message}; ignoring the file${keys}`);
      return {};
    }
  };
  const global = read(join(agentDir, "settings.json"));
  const project = read(join(cwd, ".pi", "settings.json"));
  const settings = mergeSettings(global, projectTrusted ? project : withoutUntrusted(project));
  return { settings, problems, files };
}
