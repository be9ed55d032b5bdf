// One settings.json (global ~/.pi/agent/settings.json or project .pi/settings.json): read it,
// change some keys and write it back keeping every other setting as it was. Shared by `pi
// install/remove` (the `packages` list), the settings plugin (/settings and remembered choices)
// and start-up (compose/settings.ts). A file that is not a JSON object is never overwritten.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { jsonProblem } from "./json-problem.js";

export type SettingsObject = Record<string, unknown>;

/** A `packages` entry: a source, or a source with per-resource filters. */
export type PackageEntry =
  | string
  | {
      source: string;
      extensions?: string[];
      skills?: string[];
      prompts?: string[];
      themes?: string[];
      /** false (project settings): the entry only changes what the same package in the global settings loads. */
      autoload?: boolean;
    };

export function sourceOf(entry: PackageEntry): string {
  return typeof entry === "string" ? entry : entry.source;
}

export function isPlainObject(v: unknown): v is SettingsObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A settings file that cannot be read: its message says file:line:column and what is wrong there. */
export class SettingsFileError extends Error {
  constructor(
    message: string,
    /** The top-level keys the file holds, none of which applies while it is broken. */
    readonly keys: string[] = [],
  ) {
    super(message);
  }
}

/** Parses a settings file's text; the error (a SettingsFileError) names the file and says what is wrong. */
export function parseSettings(file: string, text: string): SettingsObject {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const p = jsonProblem(text);
    throw new SettingsFileError(`${file}:${p.line}:${p.column}: invalid JSON (${p.reason})`, p.keys);
  }
  if (!isPlainObject(value)) throw new SettingsFileError(`${file}: settings must be a JSON object`);
  return value;
}

/** The file's settings; {} when it does not exist. Throws (naming the file) when it is broken. */
export function readSettings(file: string): SettingsObject {
  if (!existsSync(file)) return {};
  return parseSettings(file, readFileSync(file, "utf8"));
}

/**
 * Reads the file, lets `change` edit the object, and writes it atomically (a temp file, then a
 * rename) so a crash never leaves half a settings file. A broken file is refused, untouched:
 * the user's hand edits are worth more than the setting being saved.
 */
export function updateSettings(file: string, change: (settings: SettingsObject) => void): SettingsObject {
  let settings: SettingsObject;
  try {
    settings = readSettings(file);
  } catch (error) {
    throw new Error(`${(error as Error).message}; not overwriting it (fix or remove the file)`);
  }
  change(settings);
  writeJsonAtomic(file, settings);
  return settings;
}

/** Writes `data` as indented JSON through a temp file and a rename, so no reader sees half a file. */
export function writeJsonAtomic(file: string, data: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now().toString(36)}.tmp`;
  try {
    writeFileSync(tmp, `${JSON.stringify(data, null, 2)}\n`);
    renameSync(tmp, file);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}

/** Sets a dotted key ("compaction.enabled") in a settings object, creating parents as needed. */
export function setPath(settings: SettingsObject, key: string, value: unknown): void {
  const parts = key.split(".");
  let node = settings;
  for (const part of parts.slice(0, -1)) {
    if (!isPlainObject(node[part])) node[part] = {};
    node = node[part] as SettingsObject;
  }
  const last = parts[parts.length - 1] ?? "";
  if (value === undefined) delete node[last];
  else node[last] = value;
}

/** Reads a dotted key; undefined when any part is missing. */
export function getPath(settings: Readonly<SettingsObject>, key: string): unknown {
  let node: unknown = settings;
  for (const part of key.split(".")) {
    if (!isPlainObject(node)) return undefined;
    node = node[part];
  }
  return node;
}

/** Nested objects merged, `over` wins (how project settings sit on global ones). */
export function mergeSettings(base: SettingsObject, over: SettingsObject): SettingsObject {
  const out: SettingsObject = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prev = out[key];
    out[key] = isPlainObject(prev) && isPlainObject(value) ? mergeSettings(prev, value) : value;
  }
  return out;
}

export function readPackages(file: string): PackageEntry[] {
  const list = readSettings(file).packages;
  return Array.isArray(list)
    ? (list.filter(
        (e) => typeof e === "string" || (e && typeof e === "object" && typeof (e as { source?: unknown }).source === "string"),
      ) as PackageEntry[])
    : [];
}

export function writePackages(file: string, packages: PackageEntry[]): void {
  updateSettings(file, (settings) => {
    settings.packages = packages;
  });
}
