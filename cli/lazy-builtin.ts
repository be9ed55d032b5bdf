// Node built-ins that the image's files require at their top but that start-up does not call:
// the image's `require` hands them a stand-in that loads the real module at its first use.
// `node:fs/promises` is required by most plugins and chunks (~60 image files), and loading it
// loads Node's fs watchers, directory handles and readline internals with it: ~2 ms of CPU in a
// bare `node`, ~10 ms of the main thread's CPU before the interactive first frame in an A/B of
// the agent (issue 34), where nothing calls it (its first call is the watchers' at `WARM`, after
// the frame). The bundle reads a namespace's
// members at each call (`(0, fsp.readFile)(...)`), so a stand-in whose members come from the real
// module serves every caller as the module does. `child_process` likewise for the npm files
// (neo-blessed's program, tput and screen require it at their top for a tmux check, Windows'
// code page and `screen.exec`; with `dgram`, ~1.2 ms in a bare `node`), though the image's own
// files take it from `process.getBuiltinModule` at the call. And `assert`, which neo-blessed's
// terminfo parser calls some 30 times on every full-screen start (`assert.equal`, `assert(...)`):
// loading it (its error class, the colors, the call tracker) was ~1.4 ms in a bare `node`. Checks
// that hold return as Node's do, and one that fails is Node's own call, so it throws Node's error.
// Not `node:os`: served lazily it saved ~0.4 ms of a print run and cost an interactive session
// ~4 MB of idle RSS (47.9 → 52.1 MB, issue 34, round seven); cause not found.
/** Built-ins served lazily; each one's members are plain functions and values (none needs `this`). */
const LAZY = new Set(["node:fs/promises", "fs/promises", "node:child_process", "child_process", "node:assert", "assert"]);

/** The stand-in for `id` when it is served lazily, else undefined; one per built-in and process. */
export function lazyBuiltin(id: string, require: (id: string) => unknown): object | undefined {
  if (!LAZY.has(id)) return undefined;
  const name = id.startsWith("node:") ? id : `node:${id}`;
  let standIn = standIns.get(name);
  if (!standIn) {
    const load = () => require(name) as object;
    standIn = name === "node:assert" ? lazyAssert(load as () => typeof import("node:assert")) : onFirstUse(load);
    standIns.set(name, standIn);
  }
  return standIn;
}

const standIns = new Map<string, object>();

type Assert = typeof import("node:assert");
type Check = (...args: unknown[]) => void;

/**
 * `assert` whose commonest checks cost nothing while they hold: `assert(v)`, `assert.ok(v)`,
 * `assert.equal(a, b)` and `assert.strictEqual(a, b)` return at once where Node's surely would (a
 * truthy value, `a === b`, `Object.is(a, b)`); otherwise, and for every other member, Node's
 * assert does the work. (A failing `assert(v)` without a message names this file's call rather than
 * the package's line in its generated message: Node reads the message from the caller's source.)
 */
function lazyAssert(load: () => Assert): object {
  const real = onFirstUse(load) as Assert;
  const holds: Record<string, (args: unknown[]) => boolean> = {
    ok: (args) => args.length > 0 && !!args[0],
    // Strictly equal values are loosely equal too; any other pair goes to Node's `==` check.
    equal: (args) => args.length >= 2 && args[0] === args[1],
    strictEqual: (args) => args.length >= 2 && Object.is(args[0], args[1]),
  };
  const check =
    (name: string) =>
    (...args: unknown[]) => {
      if (!holds[name](args)) (real[name as keyof Assert] as Check)(...args);
    };
  const ok = check("ok");
  const own = new Map(Object.keys(holds).map((name) => [name, check(name)] as const));
  return new Proxy(ok, {
    get: (_, key) => (typeof key === "string" && own.get(key)) || Reflect.get(real, key),
    has: (_, key) => Reflect.has(real, key),
  });
}

/** An object that loads `load()`'s module when one of its members is first read, listed or tested. */
function onFirstUse(load: () => object): object {
  let real: object | undefined;
  const module = () => (real ??= load());
  return new Proxy(Object.create(null) as object, {
    get: (_, key) => Reflect.get(module(), key),
    has: (_, key) => Reflect.has(module(), key),
    ownKeys: () => Reflect.ownKeys(module()),
    // Reported configurable: the stand-in's own (empty) target holds none of them.
    getOwnPropertyDescriptor: (_, key) => {
      const found = Reflect.getOwnPropertyDescriptor(module(), key);
      return found && { ...found, configurable: true };
    },
    // A package that patches a built-in (graceful-fs style) patches the real one.
    set: (_, key, value) => Reflect.set(module(), key, value),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(module(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(module(), key),
  });
}
