// The two neo-blessed widgets the full-screen frame draws with (screen, box), without the rest.
// `require("neo-blessed")` loads all 34 widgets (file manager, terminal, images, video...), and a
// screen compiles every string capability of the terminfo entry into a JavaScript function (~400
// `new Function`s for xterm-256color) although a frame uses a few dozen: together about half of
// the full-screen UI's time to its first frame. So the widgets are required by their own files
// (the package has no "exports" map, its lib/ layout has not moved since blessed 0.1), and each
// capability is compiled the first time it is used, by neo-blessed's own compiler, to the same
// function it compiled eagerly before.
import { createRequire } from "node:module";
import type blessed from "neo-blessed";

interface TputLike {
  options?: { stringify?: boolean };
}
type Compile = (this: TputLike, info: unknown, key: string, str: unknown) => unknown;
interface TputClass {
  prototype: { _compile: Compile };
}

let widgets: Pick<typeof blessed, "screen" | "box"> | undefined;

export function blessedWidgets(): Pick<typeof blessed, "screen" | "box"> {
  if (widgets) return widgets;
  const load = createRequire(import.meta.url);
  compileOnFirstUse(load("neo-blessed/lib/tput.js") as TputClass);
  widgets = {
    screen: load("neo-blessed/lib/widgets/screen.js") as typeof blessed.screen,
    box: load("neo-blessed/lib/widgets/box.js") as typeof blessed.box,
  };
  return widgets;
}

function compileOnFirstUse(Tput: TputClass): void {
  const eager = Tput.prototype._compile;
  Tput.prototype._compile = function (info, key, str) {
    // Flags, numbers, empty strings and the file-backed caps stay as they were (values, not code);
    // so does `stringify`, where neo-blessed returns a string, not a function.
    if (typeof str !== "string" || !str || key === "init_file" || key === "reset_file" || this.options?.stringify)
      return eager.call(this, info, key, str);
    const tput = this;
    let compiled: ((this: unknown, params: unknown) => unknown) | undefined;
    return function (this: unknown, params: unknown) {
      compiled ??= eager.call(tput, info, key, str) as (this: unknown, params: unknown) => unknown;
      return compiled.call(this, params);
    };
  };
}
