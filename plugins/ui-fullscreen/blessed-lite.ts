// The two neo-blessed widgets the full-screen frame draws with (screen, box), without the rest.
// `require("neo-blessed")` loads all 34 widgets (file manager, terminal, images, video...), and a
// screen compiles every string capability of the terminfo entry into a JavaScript function (~400
// `new Function`s for xterm-256color) although a frame uses a few dozen: together about half of
// the full-screen UI's time to its first frame. So the widgets are imported by their own files
// (the package has no "exports" map, its lib/ layout has not moved since blessed 0.1), and each
// capability is compiled the first time it is used, by neo-blessed's own compiler, to the same
// function it compiled eagerly before. The ~1,500 capability names (each terminfo and termcap
// name, aliases included) are also given their functions on the Tput, the Program and its `put`
// the first time each is read, not all of them up front (about 4,000 closures and three
// 1,500-key objects before the first frame, of which a frame reads a few dozen). The build bundles these files into this module's chunk of
// the start-up image (scripts/bundle-dist.mjs, `neo-blessed-in-image`): one file with one code
// cache where Node resolved, read and compiled 14 files one by one before the first frame.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type blessed from "neo-blessed";
import Program from "neo-blessed/lib/program.js";
import Tput from "neo-blessed/lib/tput.js";
import box from "neo-blessed/lib/widgets/box.js";
import screen from "neo-blessed/lib/widgets/screen.js";
import { type CompiledCap, shippedXterm256, type TerminfoTable } from "./shipped-terminfo.js";

interface TputLike {
  options?: { stringify?: boolean };
  terminal?: string;
  terminfoFile?: string;
  termcap?: boolean;
  padding?: boolean;
  printf?: boolean;
  debug?: boolean;
}
type Compile = (this: TputLike, info: object, key: string, str: unknown) => unknown;
interface TputInfo {
  methods?: Record<string, unknown>;
  all?: object;
  bools?: object;
  numbers?: object;
  strings?: object;
  names: string[];
  name: string;
  features: Record<string, unknown>;
}
interface TputClass {
  prototype: {
    _compile: Compile;
    setup: (this: TputLike) => void;
    readTerminfo: (this: TputLike, term?: string) => object;
    inject: (this: TputLike, info: TputInfo) => void;
  };
  /** Where tput.js's fallbacks find the package's shipped terminfo (the bundle's stand-in for its `__dirname`). */
  libDir?: string;
}

let widgets: Pick<typeof blessed, "screen" | "box"> | undefined;

export function blessedWidgets(): Pick<typeof blessed, "screen" | "box"> {
  if (widgets) return widgets;
  const tput = Tput as TputClass;
  // One resolution, for the shipped terminfo's path (in the bundle, tput.js has no __dirname of its own).
  const lib = dirname(createRequire(import.meta.url).resolve("neo-blessed/lib/tput.js"));
  tput.libDir = lib;
  // The classes are patched once: another copy of this module over the same neo-blessed (the plugin
  // reloaded, or a test worker's next file, whose module graph is made again while Node's require
  // cache keeps neo-blessed) finds them patched and adds no second layer around the first.
  if (!Object.hasOwn(tput.prototype._compile, "eager")) {
    const table = shippedXterm256 as TerminfoTable | undefined;
    const tabled = new WeakSet<object>();
    compileOnFirstUse(tput, (info, key) => (table && tabled.has(info) ? table.caps[key] : undefined));
    capabilitiesOnFirstRead(tput, Program as ProgramClass);
    useShippedXterm256(tput, join(lib, "..", "usr", "xterm-256color"), table, tabled);
  }
  widgets = { screen: screen as typeof blessed.screen, box: box as typeof blessed.box };
  return widgets;
}

/**
 * The frame always asks for xterm-256color. neo-blessed reads the system's entry first, and cannot
 * parse the format ncurses 6.1+ writes (Debian 11+, Ubuntu 20.04+, Fedora...): its `assert` throws,
 * and building that AssertionError's message loads Node's inspect machinery (~10-20 ms of the first
 * frame), then it falls back to the xterm-256color entry it ships. Going to that entry directly
 * draws with what it drew with there, and the same on every system. With the build's table of that
 * entry (shipped-terminfo.ts), its parse result comes from the table instead of the file: the same
 * file, parsed by the same parser at build time, as the bundled neo-blessed code is of build time.
 */
function useShippedXterm256(Tput: TputClass, file: string, table: TerminfoTable | undefined, tabled: WeakSet<object>): void {
  const setup = Tput.prototype.setup;
  Tput.prototype.setup = function () {
    if (this.terminal === "xterm-256color" && !this.terminfoFile && !this.termcap) this.terminfoFile = file;
    return setup.call(this);
  };
  if (!table) return;
  const read = Tput.prototype.readTerminfo;
  Tput.prototype.readTerminfo = function (term) {
    // Only the setup's own read (no term: the entry is terminfoFile); a fallback names its file.
    if (term !== undefined || this.terminfoFile !== file || this.debug) return read.call(this, term);
    const info = table.info(file);
    tabled.add(info);
    return info;
  };
}

/**
 * Each string capability compiled the first time it is used: from the build's table when the entry
 * is the table's and the Tput's options are the ones it was compiled with (no padding, printf or
 * debug), else by neo-blessed's own compiler.
 */
function compileOnFirstUse(Tput: TputClass, fromTable: (info: object, key: string) => CompiledCap | undefined): void {
  const eager = Tput.prototype._compile;
  const lazy: Compile = function (info, key, str) {
    // Flags, numbers, empty strings and the file-backed caps stay as they were (values, not code);
    // so does `stringify`, where neo-blessed returns a string, not a function.
    if (typeof str !== "string" || !str || key === "init_file" || key === "reset_file" || this.options?.stringify)
      return eager.call(this, info, key, str);
    const tput = this;
    let compiled: CompiledCap | undefined;
    return function (this: unknown, params: unknown) {
      compiled ??=
        (!tput.padding && !tput.printf && !tput.debug && fromTable(info, key)) || (eager.call(tput, info, key, str) as CompiledCap);
      return compiled.call(this, params);
    };
  };
  // neo-blessed's own compiler stays reachable (scripts/terminfo-table.mjs compiles with it, also in
  // a test process where this file has already patched the shared module).
  Tput.prototype._compile = Object.assign(lazy, { eager });
}

interface ProgramLike {
  _tputSetup?: boolean;
  tput?: object;
  put?: object;
  _write(text: unknown): unknown;
}
interface ProgramClass {
  prototype: { setupTput: (this: ProgramLike) => void };
}

/** For each Tput whose capabilities are made on first read: whether a name is one of them (a function in its methods). */
const lazyCapabilities = new WeakMap<object, (key: string) => boolean>();

/**
 * neo-blessed's `Tput.inject` wraps every capability of the entry in a function on the Tput, and
 * `Program.setupTput` copies each onto the Program (where it has no member of that name) and
 * wraps each again in `program.put`: ~1,500 names with the termcap names and aliases, each a
 * closure made before the first frame. Here each such function is made the first time its name
 * is read, by the same code as before, and kept: a layer between each object and its prototype
 * answers a name it has not been given yet. Everything else the two methods do (the values, the
 * entry, the features, the Program's copies of the Tput's other members) is done as before, and
 * `name in obj` still answers true for every capability; only `Object.keys` lists a capability's
 * name after its first read (neo-blessed lists the Tput's keys only in `setupTput`, handled here).
 */
function capabilitiesOnFirstRead(Tput: TputClass, Program: ProgramClass): void {
  const inject = Tput.prototype.inject;
  Tput.prototype.inject = function (info) {
    // A second inject on the same Tput (a fallback entry after a failed one), or an entry that is
    // its methods alone, is neo-blessed's own.
    const methods = info.methods;
    if (lazyCapabilities.has(this) || !methods) return inject.call(this, info);
    const isCap = (key: string) => Object.hasOwn(methods, key) && typeof methods[key] === "function";
    const self = this as TputLike & Record<string, unknown>;
    // As neo-blessed's inject makes each (its wrapper, which looks the method up at each call).
    const wrap = (key: string) =>
      function () {
        // biome-ignore lint/complexity/noArguments: neo-blessed passes the arguments on as one array
        return (methods[key] as (args: unknown[]) => unknown).call(self, Array.prototype.slice.call(arguments));
      };
    // What the Tput holds already is overwritten, as before; the rest waits for its first read.
    for (const key of Object.keys(self)) if (isCap(key)) self[key] = wrap(key);
    lazyCapabilities.set(this, isCap);
    givenOnFirstRead(self, isCap, wrap);
    // neo-blessed's inject does the rest (the values, the entry, the features) with the values alone
    // as the entry's methods; then the entry and its methods are the Tput's as before.
    const values: Record<string, unknown> = {};
    for (const key of Object.keys(methods)) if (!isCap(key)) values[key] = methods[key];
    inject.call(this, { ...info, methods: values });
    self.info = info;
    self.methods = methods;
  };
  // neo-blessed's own stay reachable (the test compares the two).
  Object.assign(Tput.prototype.inject, { eager: inject });
  const setupTput = Program.prototype.setupTput;
  Program.prototype.setupTput = function () {
    const first = !this._tputSetup;
    // The Tput's own members (its options, values, entry and features) are copied as before.
    setupTput.call(this);
    const tput = this.tput as (TputLike & Record<string, unknown>) | undefined;
    const isCap = first && tput ? lazyCapabilities.get(tput) : undefined;
    if (!tput || !isCap || !this.put) return;
    const self = this as ProgramLike & Record<string, unknown>;
    const proto = Object.getPrototypeOf(self) as object;
    // The Program takes a capability where it has no member of that name (its own methods win).
    const copied = (key: string) => isCap(key) && Reflect.get(proto, key, self) == null;
    for (const key of Object.keys(self)) if (isCap(key) && self[key] == null) self[key] = tput[key];
    givenOnFirstRead(self, copied, (key) => tput[key]);
    const put = self.put as Record<string, unknown>;
    const write = self._write.bind(self);
    const padding = tput.padding;
    const call = (key: string, args: unknown[]) => (tput[key] as (...a: unknown[]) => unknown).apply(tput, args);
    givenOnFirstRead(
      put,
      (key) => isCap(key) && !Object.hasOwn(put, key),
      (key) =>
        padding
          ? function () {
              // biome-ignore lint/complexity/noArguments: as neo-blessed's put
              return (tput._print as (code: unknown, print: unknown) => unknown)(call(key, Array.prototype.slice.call(arguments)), write);
            }
          : function () {
              // biome-ignore lint/complexity/noArguments: as neo-blessed's put
              return self._write(call(key, Array.prototype.slice.call(arguments)));
            },
    );
  };
  Object.assign(Program.prototype.setupTput, { eager: setupTput });
}

/** A layer between `obj` and its prototype that gives `obj` the member `make(key)` (kept, as its own) the first time a name `owns` is read. */
function givenOnFirstRead(obj: object, owns: (key: string) => boolean, make: (key: string) => unknown): void {
  Object.setPrototypeOf(
    obj,
    new Proxy(Object.getPrototypeOf(obj) as object, {
      get(target, key, receiver) {
        if (receiver !== obj || typeof key !== "string" || !owns(key)) return Reflect.get(target, key, receiver);
        const value = make(key);
        Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
        return value;
      },
      has: (target, key) => (typeof key === "string" && owns(key)) || Reflect.has(target, key),
    }),
  );
}
