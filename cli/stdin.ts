// What is on stdin, asked of the descriptor where that settles it. process.stdin is a stream
// built on first use (a tty.ReadStream, a socket or an fs.ReadStream, with Node's stream modules
// behind it): ~2 ms of a `pi -p` start spent only to learn that stdin is a terminal or
// /dev/null (a script's or a spawning program's `< /dev/null`), where there is nothing to read,
// and ~4.5 ms to read an empty pipe (`echo | pi -p`, a program that spawns pi with a pipe) that
// blocking reads of the descriptor take in ~0.3 ms. The run waits for all of stdin before it
// composes the agent either way, so blocking costs nothing.
import { fstatSync, readSync, statSync } from "node:fs";
import { isatty } from "node:tty";

export function stdinIsTerminal(): boolean {
  return isatty(0);
}

/** Piped stdin (trimmed, as pi reads it), or undefined with a terminal on stdin or nothing piped. */
export async function readPipedStdin(): Promise<string | undefined> {
  if (stdinIsTerminal() || stdinIsDevNull()) return undefined;
  const chunks: Buffer[] = [];
  // A non-blocking pipe (its writer set O_NONBLOCK) says EAGAIN: the stream reads the rest.
  if (!readBlocking(chunks)) for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").trim() || undefined;
}

/** Reads fd 0 to its end into `chunks`; false when it would block (what was read stays in `chunks`). */
function readBlocking(chunks: Buffer[]): boolean {
  for (;;) {
    const buffer = Buffer.allocUnsafe(64 * 1024);
    let n: number;
    try {
      n = readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EOF") return true; // Windows: the writer closed the pipe
      if (code === "EAGAIN") return false;
      throw error;
    }
    if (n === 0) return true;
    chunks.push(buffer.subarray(0, n));
  }
}

function stdinIsDevNull(): boolean {
  try {
    const stdin = fstatSync(0);
    return stdin.isCharacterDevice() && stdin.rdev === statSync("/dev/null").rdev;
  } catch {
    return false; // no /dev/null (Windows): read the stream as before
  }
}
