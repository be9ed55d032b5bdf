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

/**
 * A complete call's arguments. JSON that does not parse (or is not an object) is never guessed at:
 * `error` says what was wrong, the kernel answers the call with it and the tool never runs, so the
 * model can send the call again; `arguments` keeps the best-effort parse for display only.
 */
export function finalArguments(json: string): { arguments: Record<string, unknown>; error?: string } {
  if (json.trim() === "") return { arguments: {} };
  let reason: string;
  try {
    const value: unknown = JSON.parse(json);
    if (isRecord(value)) return { arguments: value };
    reason = "are not a JSON object";
  } catch (error) {
    reason = `are not valid JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  const preview = json.length > 200 ? `${json.slice(0, 200)}…` : json;
  return { arguments: bestEffortArguments(json, {}), error: `The tool call's arguments ${reason}: ${preview}` };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
