// What a failed stdio server said, in one line: the first line of its stderr that carries a
// message, not the runtime's furniture around it. Node prints the throwing file and line, the
// source line, a caret, the stack and "Node.js v20…"; Python a "Traceback" and frames. The tail of
// that is noise (`} | | Node.js v20…`); the "Error: …" line is what the person needs.

const NOISE = [
  /^\s*at\s/, // a stack frame
  /^\s*\^+\s*$/, // Node's caret under the source line
  /^Node\.js v\d/,
  /^Traceback \(most recent call last\)/,
  /^\s*File ".*", line \d+/, // a Python frame
  /^\s*[{}()[\];,]*\s*$/, // bare punctuation: the tail of a printed object or source line
];
/** Node's "file.js:3" (or "[eval]:4"), printed before the source line that threw. */
const LOCATION = /^\S+:\d+$/;
/** A line that is a message: "TypeError: …", "error: …", "fatal: …". */
const LEADS = /^(\w*(Error|Exception)\b|error\b|fatal\b|panic\b)/i;
const MESSAGE = /\b\w*(Error|Exception)\b|\berror\b|\bERR_|\bfatal\b|cannot|can't|not found|denied|refused|invalid|missing|usage:/i;

/** The most telling line of `stderr`, at most `max` characters; "" when it said nothing. */
export function stderrSummary(stderr: string, max = 300): string {
  const lines: string[] = [];
  let afterLocation = false;
  for (const l of stderr.split(/\r?\n/).map((x) => x.trimEnd())) {
    // The source line after a location is code, not a message.
    const skip = afterLocation || LOCATION.test(l) || l.trim() === "" || NOISE.some((n) => n.test(l));
    afterLocation = LOCATION.test(l);
    if (!skip) lines.push(l);
  }
  const line = lines.find((l) => LEADS.test(l.trim())) ?? lines.find((l) => MESSAGE.test(l)) ?? lines[0] ?? "";
  return line.trim().length > max ? `${line.trim().slice(0, max - 1)}…` : line.trim();
}

/** "exit code 1" or "killed by SIGTERM", for a server that has ended. */
export function exitText(exit: { code: number | null; signal: NodeJS.Signals | null } | undefined): string {
  if (!exit) return "";
  return exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
}
