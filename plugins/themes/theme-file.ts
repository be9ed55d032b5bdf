// Reading and checking pi's theme JSON: a name, optional vars, and all 51 colour tokens.
import { readFileSync } from "node:fs";
import { COLOR_TOKENS, type ColorToken } from "../../lib/tui/index.js";
import { resolveValue, type ColorValue } from "./color.js";

export interface ThemeSpec {
  name: string;
  /** Every token resolved to "#rrggbb", an index, or "". */
  colors: Record<ColorToken, number | string>;
  path?: string;
}

/** Parses and validates a theme; the error names the file and every problem found. */
export function parseTheme(json: unknown, where: string): ThemeSpec {
  if (!json || typeof json !== "object" || Array.isArray(json)) throw new Error(`${where}: a theme must be a JSON object`);
  const raw = json as { name?: unknown; vars?: unknown; colors?: unknown };
  const problems: string[] = [];
  if (typeof raw.name !== "string" || !raw.name.trim()) problems.push(`"name" must be a non-empty string`);
  const vars = isRecord(raw.vars) ? (raw.vars as Record<string, ColorValue>) : {};
  if (raw.vars !== undefined && !isRecord(raw.vars)) problems.push(`"vars" must be an object`);
  const given = isRecord(raw.colors) ? (raw.colors as Record<string, ColorValue>) : undefined;
  if (!given) problems.push(`"colors" must be an object with all ${COLOR_TOKENS.length} tokens`);
  const colors = {} as Record<ColorToken, number | string>;
  for (const token of COLOR_TOKENS) {
    if (!given) break;
    if (!(token in given)) {
      problems.push(`colors.${token} is missing`);
      continue;
    }
    try {
      colors[token] = resolveValue(given[token], vars);
    } catch (error) {
      problems.push(`colors.${token}: ${(error as Error).message}`);
    }
  }
  if (problems.length) throw new Error(`${where}: invalid theme: ${problems.join("; ")}`);
  return { name: raw.name as string, colors };
}

export function readThemeFile(path: string): ThemeSpec {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
  return { ...parseTheme(json, path), path };
}

function isRecord(v: unknown): boolean {
  return !!v && typeof v === "object" && !Array.isArray(v);
}
