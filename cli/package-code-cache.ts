// Code caches for the CommonJS npm files that the start-up image requires (graceful-fs, highlight.js;
// neo-blessed's 14 files were the reason, ~40-55 ms of CPU before the full-screen first frame, until
// the build bundled them into the image). Node 20 keeps no compile cache for CommonJS
// (`module.enableCompileCache()` is Node 22), so once the image runs, Module.prototype._compile
// compiles a file of a `node_modules` folder through node:vm with a cache in `<image>/npm-cache/`, stamped and written as the image's own
// (cli/code-cache.ts), and runs it as Node would: same wrapper arguments, `this`, and a `require`
// made as Node makes it. Node keeps the file when it is an ES module (Node decides), when it holds
// an `import(` (a code-cached vm script cannot import() on Node 20), or when it does not compile
// as a CommonJS function (a syntax Node handles otherwise).
import Module from "node:module";
import { dirname, join, sep } from "node:path";
import { Script } from "node:vm";
import { underCacheFlags } from "../compose/optimizer-hold.js";
import { type Loaded, readCache, stamp } from "./code-cache.js";
import { lazyBuiltin } from "./lazy-builtin.js";

type Compile = (this: NodeModule, content: string, filename: string, format?: string) => unknown;
type CompiledWrapper = (exports: unknown, require: NodeJS.Require, module: NodeModule, filename: string, dirname: string) => unknown;
interface ModuleInternals {
  prototype: { _compile: Compile };
  _resolveFilename(request: string, parent: NodeModule, isMain: boolean, options?: unknown): string;
  _resolveLookupPaths(request: string, parent: NodeModule): string[] | null;
  _extensions: NodeJS.RequireExtensions;
  _cache: NodeJS.Dict<NodeModule>;
}

const NODE_MODULES = `${sep}node_modules${sep}`;
const DYNAMIC_IMPORT = /\bimport\s*\(/;

/** From now on, npm CommonJS files compile with a cache in `cacheDir`; their records join `loaded`, for the saver. */
export function cachePackageCode(cacheDir: string, loaded: Map<string, Loaded>, saver: { pending(): void }): void {
  const internals = Module as unknown as ModuleInternals;
  const compile = internals.prototype._compile;
  if ((compile as { cached?: boolean }).cached) return; // installed by an earlier image in this process
  const cached: Compile = function (content, filename, format) {
    const at = filename.lastIndexOf(NODE_MODULES);
    if (format === "module" || at < 0 || DYNAMIC_IMPORT.test(content)) return compile.call(this, content, filename, format);
    // One file a package path: `neo-blessed!lib!tput.js` (a package nested twice shares it; the stamp tells them apart).
    const cache = join(cacheDir, `${filename.slice(at + NODE_MODULES.length).replaceAll(/[\\/]/g, "!")}.cache`);
    let fn: CompiledWrapper;
    let record: Loaded;
    try {
      const fileStamp = stamp(filename);
      const data = readCache(cache, fileStamp);
      const source = `(function (exports, require, module, __filename, __dirname) {${content}\n})`;
      const script = underCacheFlags(() => new Script(source, { filename, cachedData: data }));
      fn = script.runInThisContext() as CompiledWrapper;
      record = { module: this, cache, stamp: fileStamp, ...((data === undefined || script.cachedDataRejected) && { script }) };
    } catch {
      return compile.call(this, content, filename, format);
    }
    loaded.set(filename, record);
    if (record.script) saver.pending();
    return fn.call(this.exports, this.exports, requireFor(this, internals), this, filename, dirname(filename));
  };
  internals.prototype._compile = Object.assign(cached, { cached: true });
}

/** The `require` Node gives a CommonJS module (lib/internal/modules/helpers.js, makeRequireFunction). */
function requireFor(mod: NodeModule, internals: ModuleInternals): NodeJS.Require {
  const resolve = Object.assign(
    (request: string, options?: { paths?: string[] }) => internals._resolveFilename(request, mod, false, options),
    {
      paths: (request: string) => internals._resolveLookupPaths(request, mod),
    },
  );
  return Object.assign((id: string) => lazyBuiltin(id, (name) => mod.require(name)) ?? mod.require(id), {
    resolve,
    main: process.mainModule,
    extensions: internals._extensions,
    cache: internals._cache,
  }) as NodeJS.Require;
}
