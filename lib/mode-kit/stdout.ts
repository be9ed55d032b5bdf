// In the headless modes stdout belongs to the protocol (the answer, the JSON lines). As pi does,
// the CLI takes stdout over before any plugin loads: process.stdout.write (so console.log and
// console.info too) goes to stderr, and only the mode's own writer reaches the real stdout.
//
// Protocol output honours backpressure: one write in flight, everything produced meanwhile
// coalesced into the next one. Handing Node thousands of large pending writes at once can fail
// with ENOBUFS on a socket pipe, and pi's event format (the whole partial message in every
// update) produces exactly that under a fast stream.
export interface GuardedStdout {
  write(text: string): void;
  /** Resolves once everything written so far has been handed to the OS. */
  flush(): Promise<void>;
  restore(): void;
}

type Write = NodeJS.WriteStream["write"];
/** The takeover marks its replacement with the real write, so every copy of this module sees it. */
type TakenWrite = Write & { realStdoutWrite?: Write };

/** Sends every process.stdout.write to stderr until restoreStdout(); false if already taken over. */
export function takeOverStdout(): boolean {
  if ((process.stdout.write as TakenWrite).realStdoutWrite) return false;
  const real = process.stdout.write;
  const toStderr: TakenWrite = ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) =>
    process.stderr.write(chunk, encoding as never, callback as never)) as Write;
  toStderr.realStdoutWrite = real;
  process.stdout.write = toStderr;
  return true;
}

export function restoreStdout(): void {
  const real = (process.stdout.write as TakenWrite).realStdoutWrite;
  if (real) process.stdout.write = real;
}

/**
 * Output a print run owes the user on stdout besides the answer (the text of `pi -p /help`):
 * written to the real stdout even while it is taken over.
 */
export function writeRunOutput(text: string): void {
  realWrite(process.stdout, text, () => {});
}

/** Writes to the real stdout, taken over or not. */
function realWrite(stream: NodeJS.WritableStream, chunk: string, done: () => void): void {
  const real = stream === process.stdout ? (process.stdout.write as TakenWrite).realStdoutWrite : undefined;
  if (real) real.call(process.stdout, chunk, undefined, () => done());
  else stream.write(chunk, () => done());
}

export function guardStdout(stream: NodeJS.WritableStream = process.stdout): GuardedStdout {
  const { log, info } = console;
  console.log = (...args: unknown[]) => console.error(...args);
  console.info = console.log;
  const tookOver = stream === process.stdout && takeOverStdout();
  let pending: string[] = [];
  let inFlight = false;
  const idle: (() => void)[] = [];
  const pump = () => {
    if (pending.length === 0) {
      inFlight = false;
      for (const resolve of idle.splice(0)) resolve();
      return;
    }
    inFlight = true;
    const chunk = pending.join("");
    pending = [];
    realWrite(stream, chunk, pump);
  };
  return {
    write(text) {
      pending.push(text);
      if (!inFlight) pump();
    },
    flush: () => (inFlight || pending.length ? new Promise<void>((resolve) => idle.push(resolve)) : Promise.resolve()),
    restore() {
      console.log = log;
      console.info = info;
      if (tookOver) restoreStdout();
    },
  };
}
