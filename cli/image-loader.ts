// Loads the start-up image (dist/image/, scripts/bundle-image.mjs): CommonJS files compiled
// through node:vm with V8's code cache, which Node 20 offers for no module loader of its own.
// Each file's cache sits beside it (`x.cjs.cache`; how caches are stamped, read and written:
// cli/code-cache.ts); the CommonJS npm files the image requires get caches too
// (cli/package-code-cache.ts). Writing every cache at exit made the interactive UI's quit wait ~0.4-1 s
// (V8 serialising ~130 scripts) whenever the caches had been refused: a run with other V8 flags
// (--cpu-prof, NODE_OPTIONS) refuses them, and the next plain run refuses that run's caches again.
import { createRequire, isBuiltin } from "node:module";
import { dirname, join, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { types } from "node:util";
import { Script } from "node:vm";
import { holdOptimizer, underCacheFlags } from "../compose/optimizer-hold.js";
import { resolveRelative } from "../lib/path-kit/index.js";
import { cacheSaver, type Loaded, readCache, readStamped } from "./code-cache.js";
import { lazyBuiltin } from "./lazy-builtin.js";
import { cachePackageCode } from "./package-code-cache.js";

type Wrapper = (
  exports: unknown,
  require: NodeJS.Require,
  module: { exports: unknown },
  filename: string,
  dirname: string,
  piImport: (specifier: string) => Promise<unknown>,
  piInterop: (required: unknown) => boolean,
) => void;

/** Runs the image's entry and returns its exports; its files are loaded as they are required. */
export function loadImage(entry: string): unknown {
  holdOptimizer(); // start-up without TurboFan (compose/optimizer-hold.ts)
  const root = dirname(entry) + sep;
  const loaded = new Map<string, Loaded>();
  const load = (file: string): unknown => {
    const hit = loaded.get(file);
    if (hit) return hit.module.exports;
    // Stamped before reading: a file that changes in between has a newer stamp than its cache.
    const { text, stamp: fileStamp } = readStamped(file);
    const cached = readCache(`${file}.cache`, fileStamp);
    const script = compile(file, wrap(text), cached);
    const module = { exports: {} };
    const stale = cached === undefined || script.cachedDataRejected === true;
    loaded.set(file, { module, cache: `${file}.cache`, stamp: fileStamp, ...(stale && { script }) });
    if (stale) saver.pending();
    const own = fileRequire(file);
    const dir = dirname(file);
    // The image's own files come from here; anything else (node:, npm packages) from Node.
    const require = withRequireMembers((id: string) => {
      if (isBuiltin(id)) return lazyBuiltin(id, builtins) ?? builtins(id);
      const path = id.startsWith(".") ? resolveRelative(dir, id) : "";
      return path.startsWith(root) && path.endsWith(".cjs") ? load(path) : own()(id);
    }, own);
    // Node's built-ins and npm packages are required, as the image's static imports of them are:
    // import() would start Node's ES module loader (~4 ms) for what require() gives at once.
    // Files (the vendored MCP SDK's .mjs, a user's plugin) are imported.
    // A built-in comes from the shared require: a file's own is made only for what needs its folders.
    const piImport = (specifier: string) =>
      isBare(specifier)
        ? Promise.resolve().then(() => asNamespace(isBuiltin(specifier) ? builtins(specifier) : own()(specifier)))
        : import(specifier.startsWith(".") ? pathToFileURL(resolve(dir, specifier)).href : specifier);
    (script.runInThisContext() as Wrapper)(module.exports, require, module, file, dir, piImport, nodeInterop);
    return module.exports;
  };
  // Node's built-ins are the same whoever asks: one require serves them to every file.
  const builtins = createRequire(entry);
  const saver = cacheSaver(loaded);
  cachePackageCode(join(root, "npm-cache"), loaded, saver);
  return load(entry);
}

/**
 * The file's Script, made outside `load`: a closure there that named the source text (as the arrow
 * given to `underCacheFlags` did) put it in the context that the file's `require` keeps, so every
 * file's text stayed alive beside the wrapped copy V8 keeps (~0.7 MB more old space before a
 * `pi -p hi`'s request, each copied twice by the scavenger on the way there).
 */
function compile(filename: string, source: string, cachedData: Buffer | undefined): Script {
  return underCacheFlags(() => new Script(source, { filename, cachedData }));
}

/**
 * A file's own `require`, made when the file first needs it (an npm package, a member such as
 * `require.resolve`): most image files ask only for the image's files and Node's built-ins, and
 * making one walks the file's folders up for their node_modules paths (~2 ms for the ~110 files of
 * an interactive start).
 */
function fileRequire(file: string): () => NodeJS.Require {
  let own: NodeJS.Require | undefined;
  return () => (own ??= createRequire(file));
}

/** Gives `require` the members of Node's (`resolve`, `cache`, `main`, `extensions`), from the file's own. */
function withRequireMembers(require: (id: string) => unknown, own: () => NodeJS.Require): NodeJS.Require {
  for (const key of ["resolve", "cache", "main", "extensions"] as const)
    Object.defineProperty(require, key, { get: () => own()[key], enumerable: true, configurable: true });
  return require as NodeJS.Require;
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
