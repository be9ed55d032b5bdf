// Random bytes for names and ids (temp files, session and entry ids) read from the system's
// random device. node:crypto costs ~2 ms of every run's start-up to load (fifteen internal
// modules), and a print run needs it for nothing else; /dev/urandom is the same kernel CSPRNG
// that OpenSSL seeds from. Where there is no such device (Windows), node:crypto it is.
import { closeSync, openSync, readSync } from "node:fs";

export function randomBytes(size: number): Buffer {
  const out = Buffer.allocUnsafe(size);
  let fd: number;
  try {
    fd = openSync("/dev/urandom", "r");
  } catch {
    return fromCrypto(size);
  }
  try {
    for (let done = 0; done < size; ) {
      const read = readSync(fd, out, done, size - done, null);
      if (read === 0) return fromCrypto(size);
      done += read;
    }
    return out;
  } finally {
    closeSync(fd);
  }
}

function fromCrypto(size: number): Buffer {
  return process.getBuiltinModule("node:crypto").randomBytes(size);
}
