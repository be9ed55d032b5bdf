// Random bytes for names and ids (temp files, session and entry ids) read from the system's
// random device. node:crypto costs ~2 ms of every run's start-up to load (fifteen internal
// modules), and a print run needs it for nothing else; /dev/urandom is the same kernel CSPRNG
// that OpenSSL seeds from. Where there is no such device (Windows), node:crypto it is.
import { closeSync, openSync, readSync } from "node:fs";

/** Bytes read ahead and handed out once each: a session writes an id per entry, and a read per id was three system calls. */
const POOL_SIZE = 512;
let pool: Buffer = Buffer.alloc(0);
let used = 0;

export function randomBytes(size: number): Buffer {
  if (size > POOL_SIZE) return read(size);
  if (used + size > pool.length) {
    pool = read(POOL_SIZE);
    used = 0;
  }
  const out = Buffer.from(pool.subarray(used, used + size));
  // Handed-out bytes are wiped from the pool, so no later reader of it sees them.
  pool.fill(0, used, used + size);
  used += size;
  return out;
}

function read(size: number): Buffer {
  const out = Buffer.allocUnsafe(size);
  let fd: number;
  try {
    fd = openSync("/dev/urandom", "r");
  } catch {
    return fromCrypto(size);
  }
  try {
    for (let done = 0; done < size; ) {
      const got = readSync(fd, out, done, size - done, null);
      if (got === 0) return fromCrypto(size);
      done += got;
    }
    return out;
  } finally {
    closeSync(fd);
  }
}

function fromCrypto(size: number): Buffer {
  return process.getBuiltinModule("node:crypto").randomBytes(size);
}
