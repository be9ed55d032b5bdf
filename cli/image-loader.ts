// Loads the start-up image (dist/image/, scripts/bundle-image.mjs): CommonJS files compiled
// through node:vm with V8's code cache, which Node 20 offers for no module loader of its own.
// Each file's cache sits beside it (`x.cjs.cache`), stamped with the file's size and mtime: V8 itself
// checks only the source's length, so an edited file must not meet its old cache. A cache that is missing or that V8 rejects (another
// Node version, other V8 flags) is written again once start-up is over (SAVE_AFTER_MS, one file per
// turn of the event loop, on a timer that never holds the process open), and what is still unwritten
// when the process exits is written then; so the next run starts from it. Writing is best effort (a
// read-only install just compiles as before) and atomic (a temp file renamed), so two processes
// never leave half a cache. Writing every cache at exit made the interactive UI's quit wait ~0.4-1 s
// (V8 serialising ~130 scripts) whenever the caches had been refused: a run with other V8 flags
// (--cpu-prof, NODE_OPTIONS) refuses them, and the next plain run refuses that run's caches again.
import { closeSync, fstatSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { types } from "node:util";
import { Script } from "node:vm";
import { holdOptimizer, underCacheFlags } from "../compose/optimizer-hold.js";

type Wrapper = (
  exports: unknown,
  require: NodeJS.Require,
  module: { exports: unknown },
  filename: string,
  dirname: string,
  piImport: (specifier: string) => Promise<unknown>,
  piInterop: (required: unknown) => boolean,
) => void;

interface Loaded {
  module: { exports: unknown };
  /** Kept only while the cache on disk is missing or was refused, to write one at exit (a kept script keeps its top-level code alive). */
  script?: Script;
  /** The file's stamp when it was read: a file replaced since (a rebuild) gets no cache of the old text. */
  stamp: Buffer;
}

/** Runs the image's entry and returns its exports; its files are loaded as they are required. */
export function loadImage(entry: string): unknown {
  holdOptimizer(); // start-up without TurboFan (compose/optimizer-hold.ts)
  const root = dirname(entry) + sep;
  const loaded = new Map<string, Loaded>();
  const load = (file: string): unknown => {
    const hit = loaded.get(file);
    if (hit) return hit.module.exports;
    // Stamped before reading: a file that changes in between has a newer stamp than its cache.
    const fileStamp = stamp(file);
    const cached = readCache(file, fileStamp);
    const script = underCacheFlags(() => new Script(wrap(readFileSync(file, "utf8")), { filename: file, cachedData: cached }));
    const module = { exports: {} };
    const stale = cached === undefined || script.cachedDataRejected === true;
    loaded.set(file, { module, stamp: fileStamp, ...(stale && { script }) });
    if (stale) saver.pending();
    const own = createRequire(file);
    // The image's own files come from here; anything else (node:, npm packages) from Node.
    const require = Object.assign((id: string) => {
      const path = id.startsWith(".") ? resolve(dirname(file), id) : "";
      return path.startsWith(root) && path.endsWith(".cjs") ? load(path) : own(id);
    }, own);
    // Node's built-ins and npm packages are required, as the image's static imports of them are:
    // import() would start Node's ES module loader (~4 ms) for what require() gives at once.
    // Files (the vendored MCP SDK's .mjs, a user's plugin) are imported.
    const piImport = (specifier: string) =>
      isBare(specifier)
        ? Promise.resolve().then(() => asNamespace(own(specifier)))
        : import(specifier.startsWith(".") ? pathToFileURL(resolve(dirname(file), specifier)).href : specifier);
    (script.runInThisContext() as Wrapper)(module.exports, require, module, file, dirname(file), piImport, nodeInterop);
    return module.exports;
  };
  const saver = cacheSaver(loaded);
  return load(entry);
}

/** After the interactive UI's first frame and its indexes' warm-up, before a quit usually comes. */
const SAVE_AFTER_MS = 1_500;

/**
 * Writes pending caches SAVE_AFTER_MS after a stale file was loaded, one file per turn of the event
 * loop (a keystroke meanwhile waits for one file at most), on timers that never hold the process
 * open. A run that ends before that (a print run) writes them at exit; a longer one leaves what is
 * still pending at exit to the next run, so quitting never waits on V8's serialisation.
 */
function cacheSaver(loaded: Map<string, Loaded>): { pending(): void } {
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
      setImmediate(next).unref?.();
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

const wrap = (source: string) => `(function (exports, require, module, __filename, __dirname, __piImport, __piInterop) {${source}\n})`;

/** A package name or `node:` built-in, not a path or URL. */
const isBare = (specifier: string) => specifier.startsWith("node:") || !/^(\.|\/|[A-Za-z][\w+.-]*:)/.test(specifier);

/** What import() gives for a required module: an ES module's namespace as it is, else module.exports as the default beside its own keys. */
function asNamespace(required: unknown): unknown {
  if (types.isModuleNamespaceObject(required)) return required;
  const keys = required !== null && (typeof required === "object" || typeof required === "function") ? required : {};
  return { ...keys, default: required };
}

/** An import of a CommonJS package sees module.exports as its default; of an ES module, its own default. */
const nodeInterop = (required: unknown) => !types.isModuleNamespaceObject(required);

/** The file's size and mtime, which its cache must carry (16 bytes before V8's data). */
function stamp(file: string): Buffer {
  const { size, mtimeMs } = statSync(file);
  const out = Buffer.alloc(16);
  out.writeDoubleLE(size, 0);
  out.writeDoubleLE(mtimeMs, 8);
  return out;
}

/**
 * Caches are read into one buffer, reused file after file: V8 deserializes a cache while the
 * Script is made (before the file's own requires load the next one) and keeps none of it, and a
 * fresh Buffer per file left ~1.2 MB for the GC to find (~0.5 MB of an idle session's RSS).
 */
let scratch = Buffer.allocUnsafeSlow(256 * 1024);

function readCache(file: string, fileStamp: Buffer): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(`${file}.cache`, "r");
  } catch {
    return undefined; // none yet: written at exit
  }
  try {
    const size = fstatSync(fd).size;
    if (size > scratch.length) scratch = Buffer.allocUnsafeSlow(size);
    const data = scratch.subarray(0, readSync(fd, scratch, 0, size, 0));
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
  const temp = `${file}.cache.${process.pid}.tmp`;
  try {
    if (!stamp(file).equals(read)) return true;
    writeFileSync(temp, Buffer.concat([read, underCacheFlags(() => script.createCachedData())]));
    renameSync(temp, `${file}.cache`);
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
