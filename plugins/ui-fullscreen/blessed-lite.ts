// The two neo-blessed widgets the full-screen frame draws with (screen, box), without the rest.
// `require("neo-blessed")` loads all 34 widgets (file manager, terminal, images, video...), and a
// screen compiles every string capability of the terminfo entry into a JavaScript function (~400
// `new Function`s for xterm-256color) although a frame uses a few dozen: together about half of
// the full-screen UI's time to its first frame. So the widgets are imported by their own files
// (the package has no "exports" map, its lib/ layout has not moved since blessed 0.1), and each
// capability is compiled the first time it is used, by neo-blessed's own compiler, to the same
// function it compiled eagerly before. The build bundles these files into this module's chunk of
// the start-up image (scripts/bundle-dist.mjs, `neo-blessed-in-image`): one file with one code
// cache where Node resolved, read and compiled 14 files one by one before the first frame.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type blessed from "neo-blessed";
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
interface TputClass {
  prototype: { _compile: Compile; setup: (this: TputLike) => void; readTerminfo: (this: TputLike, term?: string) => object };
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
  const table = shippedXterm256 as TerminfoTable | undefined;
  const tabled = new WeakSet<object>();
  compileOnFirstUse(tput, (info, key) => (table && tabled.has(info) ? table.caps[key] : undefined));
  useShippedXterm256(tput, join(lib, "..", "usr", "xterm-256color"), table, tabled);
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
