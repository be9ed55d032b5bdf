// In the headless modes stdout belongs to the protocol (the answer, the JSON lines): anything a
// plugin writes with console.log / console.info goes to stderr instead.
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

export function guardStdout(stream: NodeJS.WritableStream = process.stdout): GuardedStdout {
  const { log, info } = console;
  console.log = (...args: unknown[]) => console.error(...args);
  console.info = console.log;
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
    stream.write(chunk, () => pump());
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
    },
  };
}
