// Tool-call arguments streamed as JSON fragments: a best-effort object while they stream (so a
// UI can show them), the exact object once complete.
import { parse as parsePartialJson } from "partial-json";

/** The most complete arguments object the JSON so far allows, for live previews. */
export function bestEffortArguments(json: string, previous: Record<string, unknown>): Record<string, unknown> {
  try {
    const value = parsePartialJson(json);
    return isRecord(value) ? value : previous;
  } catch {
    return previous;
  }
}

// A complete stream should carry valid JSON; if the model produced junk, the salvageable part is
// still better than nothing and the tool's argument validation reports the rest to the model.
export function finalArguments(json: string): Record<string, unknown> {
  if (json.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(json);
    return isRecord(value) ? value : {};
  } catch {
    return bestEffortArguments(json, {});
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
