// The `packages` list in a settings.json (global ~/.pi/agent/settings.json or project
// .pi/settings.json): read it, and rewrite it keeping every other setting as it was.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** A `packages` entry: a source, or a source with per-resource filters. */
export type PackageEntry = string | { source: string; extensions?: string[]; skills?: string[]; prompts?: string[]; themes?: string[] };

export function sourceOf(entry: PackageEntry): string {
  return typeof entry === "string" ? entry : entry.source;
}

export function readSettings(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  const value = JSON.parse(readFileSync(file, "utf8")) as unknown;
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error(`${file}: settings must be a JSON object`);
  return value as Record<string, unknown>;
}

export function readPackages(file: string): PackageEntry[] {
  const list = readSettings(file).packages;
  return Array.isArray(list) ? (list.filter((e) => typeof e === "string" || (e && typeof e === "object" && typeof (e as { source?: unknown }).source === "string")) as PackageEntry[]) : [];
}

/** Writes atomically (temp file, then rename) so a crash never leaves half a settings file. */
export function writePackages(file: string, packages: PackageEntry[]): void {
  const settings = readSettings(file);
  settings.packages = packages;
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(settings, null, 2)}\n`);
  renameSync(tmp, file);
}
