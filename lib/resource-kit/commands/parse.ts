// Splits "/name args" input. Only a first word that looks like a command name counts, so a path
// such as "/usr/lib/x is broken" still goes to the model as text.
export interface CommandLine {
  name: string;
  args: string;
}

const COMMAND = /^\/([A-Za-z0-9][\w.:-]*)(?:\s+([\s\S]*))?$/;

export function parseCommandLine(text: string): CommandLine | undefined {
  const m = COMMAND.exec(text.trimEnd());
  if (!m) return undefined;
  return { name: m[1], args: (m[2] ?? "").trim() };
}
