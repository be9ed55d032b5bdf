// pi-ai's JSON helpers for what models send: string literals with raw control characters or bad
// escapes are repaired, and partial JSON (arguments still streaming) parses to its best object.
import { parse as parsePartial } from "partial-json";

const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t", "u"]);
const NAMED: Record<string, string> = { "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escapeControl(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code > 0x1f) return char;
  return NAMED[char] ?? `\\u${code.toString(16).padStart(4, "0")}`;
}

/** Escapes raw control characters inside strings and doubles backslashes before invalid escapes. */
export function repairJson(json: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const char = json[i];
    if (!inString || char === '"') {
      if (char === '"') inString = !inString;
      out += char;
    } else if (char !== "\\") out += escapeControl(char);
    else {
      const next = json[i + 1];
      if (next === "u" && /^[0-9a-fA-F]{4}$/.test(json.slice(i + 2, i + 6))) {
        out += json.slice(i, i + 6);
        i += 5;
      } else if (next !== undefined && next !== "u" && ESCAPES.has(next)) {
        out += `\\${next}`;
        i++;
      } else out += "\\\\";
    }
  }
  return out;
}

export function parseJsonWithRepair<T>(json: string): T {
  try {
    return JSON.parse(json) as T;
  } catch (error) {
    const repaired = repairJson(json);
    if (repaired === json) throw error;
    return JSON.parse(repaired) as T;
  }
}

/** The best object incomplete JSON allows; `{}` when nothing parses. */
export function parseStreamingJson<T = Record<string, unknown>>(partialJson: string | undefined): T {
  if (!partialJson?.trim()) return {} as T;
  const attempts = [
    () => parseJsonWithRepair<T>(partialJson),
    () => parsePartial(partialJson) as T,
    () => parsePartial(repairJson(partialJson)) as T,
  ];
  for (const attempt of attempts) {
    try {
      return attempt() ?? ({} as T);
    } catch {
      // try the next, more forgiving parse
    }
  }
  return {} as T;
}

/** pi's parseToolCallArguments: a streamed call's arguments as an object. */
export function parseToolCallArguments(json: string | undefined): Record<string, unknown> {
  const value = parseStreamingJson<unknown>(json);
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
