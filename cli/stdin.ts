// What is on stdin, asked of the descriptor where that settles it. process.stdin is a stream
// built on first use (a tty.ReadStream, a socket or an fs.ReadStream, with Node's stream modules
// behind it): ~2 ms of a `pi -p` start, spent only to learn that stdin is a terminal or
// /dev/null (a script's or a spawning program's `< /dev/null`), where there is nothing to read.
import { fstatSync, statSync } from "node:fs";
import { isatty } from "node:tty";

export function stdinIsTerminal(): boolean {
  return isatty(0);
}

/** Piped stdin (trimmed, as pi reads it), or undefined with a terminal on stdin or nothing piped. */
export async function readPipedStdin(): Promise<string | undefined> {
  if (stdinIsTerminal() || stdinIsDevNull()) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").trim() || undefined;
}

function stdinIsDevNull(): boolean {
  try {
    const stdin = fstatSync(0);
    return stdin.isCharacterDevice() && stdin.rdev === statSync("/dev/null").rdev;
  } catch {
    return false; // no /dev/null (Windows): read the stream as before
  }
}
