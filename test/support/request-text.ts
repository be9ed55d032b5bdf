// What the simulator's recorded requests carried, as plain text, for tests that read the model's
// side of a run (a tool's result, everything it was sent), and whether a pid still exists.
type Body = { messages: { role: string; content: unknown }[] };

/** A message's content as text (a string, or the text parts joined by newlines). */
export const textOf = (c: unknown): string =>
  typeof c === "string" ? c : Array.isArray(c) ? c.map((p: { text?: string }) => p.text ?? "").join("\n") : "";

/** Everything the model was sent in one request, as text. */
export const seen = (body: unknown): string => (body as Body).messages.map((m) => textOf(m.content)).join("\n");

/** The last tool result in one request (chat-completions shape), as text. */
export const lastTool = (body: unknown): string => textOf((body as Body).messages.filter((m) => m.role === "tool").at(-1)?.content);

/** The pid exists (signal 0 reaches it). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
