// V8 code caches on disk, for the start-up image's loader (cli/image-loader.ts) and the npm files it
// requires (cli/package-code-cache.ts). Each cache is stamped with its source's size and mtime: V8
// itself checks only the source's length, so an edited file must not meet its old cache. A cache
// that is missing or that V8 rejects (another Node version, other V8 flags) is written again once
// start-up is over (SAVE_AFTER_MS, one file per turn of the event loop, on a timer that never holds
// the process open), and what is still unwritten when the process exits is written then; so the next
// run starts from it. Writing is best effort (a read-only install just compiles as before) and
// atomic (a temp file renamed), so two processes never leave half a cache.
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Script } from "node:vm";
import { underCacheFlags } from "../compose/optimizer-hold.js";

export interface Loaded {
  module: { exports: unknown };
  /** Where this file's cache lives. */
  cache: string;
  /** Kept only while the cache on disk is missing or was refused, to write one at exit (a kept script keeps its top-level code alive). */
  script?: Script;
  /** The file's stamp when it was read: a file replaced since (a rebuild) gets no cache of the old text. */
  stamp: Buffer;
}

/** After the interactive UI's first frame and its indexes' warm-up, before a quit usually comes. */
const SAVE_AFTER_MS = 1_500;

/**
 * Writes pending caches SAVE_AFTER_MS after a stale file was loaded, one file per turn of the event
 * loop (a keystroke meanwhile waits for one file at most), on timers that never hold the process
 * open. A run that ends before that (a print run) writes them at exit; a longer one leaves what is
 * still pending at exit to the next run, so quitting never waits on V8's serialisation.
 */
export function cacheSaver(loaded: Map<string, Loaded>): { pending(): void } {
  let scheduled = false;
  let started = false;
  let writable = true;
  const onExit = () => {
    if (!started) saveCaches(loaded);
  };
  process.once("exit", onExit);
  const pass = () => {
    scheduled = false;
    started = true;
    const files = [...loaded].filter(([, l]) => l.script);
    const next = () => {
      const item = files.shift();
      if (!item || !writable) return;
      writable = saveCache(item[0], item[1]);
      // A timer, not setImmediate: an unref'd immediate runs only when something else wakes the event
      // loop, so an idle interactive session wrote one file per keystroke or timer (the UI's ~30 files
      // took dozens of runs to get their caches, each start compiling them again).
      setTimeout(next, 0).unref();
    };
    next();
  };
  return {
    pending() {
      if (!writable || scheduled) return;
      scheduled = true;
      setTimeout(pass, SAVE_AFTER_MS).unref();
    },
  };
}

/** The file's size and mtime, which its cache must carry (16 bytes before V8's data). */
export function stamp(file: string): Buffer {
  return stampOf(statSync(file));
}

function stampOf({ size, mtimeMs }: { size: number; mtimeMs: number }): Buffer {
  const out = Buffer.alloc(16);
  out.writeDoubleLE(size, 0);
  out.writeDoubleLE(mtimeMs, 8);
  return out;
}

/**
 * Sources and caches are read into one buffer, reused file after file: a source becomes a string
 * before its cache is read, V8 deserializes a cache while the Script is made (before the file's own
 * requires load the next one) and keeps none of it, and a fresh Buffer per file left ~1.2 MB for
 * the GC to find (~0.5 MB of an idle session's RSS). 384 KB: the full-screen frame's chunk has the
 * image's largest cache (~285 KB), which a 256 KB buffer read twice, into a fresh buffer the second
 * time (~65 fresh pages before that UI's first frame). Only the pages a read reaches are touched.
 */
let scratch = Buffer.allocUnsafeSlow(384 * 1024);

/**
 * A file's text and its stamp, both from one open file: open, fstat, read, close, where a stat and
 * Node's readFileSync made six system calls (~20 µs each on a loaded VM, ~110 files before the
 * interactive first frame). The stamp is taken before the text is read, so a file written
 * meanwhile has a newer stamp than the cache this text leads to. A file that is not `size` bytes
 * long by the time it is read (written meanwhile) is read again Node's way.
 */
export function readStamped(file: string): { text: string; stamp: Buffer } {
  const fd = openSync(file, "r");
  try {
    const stat = fstatSync(fd);
    if (stat.size + 1 > scratch.length) scratch = Buffer.allocUnsafeSlow(stat.size + 1);
    const read = readSync(fd, scratch, 0, stat.size + 1, 0);
    if (read === stat.size) return { text: scratch.toString("utf8", 0, read), stamp: stampOf(stat) };
  } finally {
    closeSync(fd);
  }
  const fileStamp = stamp(file);
  return { text: readFileSync(file, "utf8"), stamp: fileStamp };
}

/** The cache at `cache` if it carries `fileStamp` (read whole in one call when it fits the buffer, as nearly all do). */
export function readCache(cache: string, fileStamp: Buffer): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(cache, "r");
  } catch {
    return undefined; // none yet: written at exit
  }
  try {
    let read = readSync(fd, scratch, 0, scratch.length, 0);
    if (read === scratch.length) {
      scratch = Buffer.allocUnsafeSlow(fstatSync(fd).size + 1);
      read = readSync(fd, scratch, 0, scratch.length, 0);
    }
    const data = scratch.subarray(0, read);
    return data.length > 16 && data.subarray(0, 16).equals(fileStamp) ? data.subarray(16) : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

function saveCaches(loaded: Map<string, Loaded>): void {
  for (const [file, l] of loaded) if (!saveCache(file, l)) return; // not writable: the next run compiles as this one did
}

/** Writes one file's cache if it is pending (then it is not pending any more); false when the image is not writable. */
function saveCache(file: string, l: Loaded): boolean {
  const { script, stamp: read } = l;
  if (!script) return true;
  l.script = undefined;
  const temp = `${l.cache}.${process.pid}.tmp`;
  try {
    if (!stamp(file).equals(read)) return true;
    const data = Buffer.concat([read, underCacheFlags(() => script.createCachedData())]);
    try {
      writeFileSync(temp, data);
    } catch {
      mkdirSync(dirname(temp), { recursive: true }); // the npm files' cache folder, made on first use
      writeFileSync(temp, data);
    }
    renameSync(temp, l.cache);
    return true;
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // nothing was written
    }
    return false;
  }
}
