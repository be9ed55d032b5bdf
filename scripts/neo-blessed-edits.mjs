// neo-blessed's files as the start-up image holds them (scripts/bundle-dist.mjs bundles
// neo-blessed/lib/* into the full-screen frame's chunk). Each edit names the exact text it replaces
// and how often it occurs, and fails the build when neo-blessed's text has moved, rather than ship
// a file that does something else:
// - tput.js reads the terminfo entries the package ships from `__dirname + '/../usr/'` (its
//   fallbacks); bundled, it asks `Tput.libDir` first, which the frame sets to the package's lib/.
// - unicode.js measures a tab by requiring the package's index (all 34 widgets) for the global
//   screen's tab width, which is the Screen class's `global`: it gets the screen widget alone.
// - program.js asks tmux for its version (`execFileSync("tmux", ["-V"])`, ~7 ms and child_process
//   loaded, before the first frame of every full-screen start inside tmux) for one thing, mouse
//   tracking of all motion, which the frame never turns on: it asks on first use of `tmuxVersion`.
// - colors.js computes the 256-colour palette and matches each colour to the nearest of the first 8
//   on load (its match cache keeps the answers), ~1.5 ms in the interpreter before every full-screen
//   frame: the tables are computed here, by running the file's own code, and written as literals.
import { runInNewContext } from "node:vm";

const TMUX_VERSION_NOW = "  this.tmuxVersion = (function() {\n    if (!self.tmux) return 2;";
const TMUX_VERSION_LAZY = [
  "  Object.defineProperty(this, 'tmuxVersion', {",
  "    configurable: true, enumerable: true,",
  "    get: function() { return self.tmuxVersion = tmuxVersion(); },",
  "    set: function(v) { Object.defineProperty(self, 'tmuxVersion', { value: v, writable: true, configurable: true, enumerable: true }); }",
  "  });",
  "  function tmuxVersion() {",
  "    if (!self.tmux) return 2;",
].join("\n");
const COLORS_FROM = "exports.colors = (function() {";
const COLORS_TO = "  return out;\n})();\n";

const EDITS = {
  tput: () => [{ from: "__dirname + '/../usr/", to: "(Tput.libDir || __dirname) + '/../usr/", count: 4 }],
  unicode: () => [{ from: "require('../')", to: "{ screen: require('./widgets/screen') }", count: 1 }],
  program: () => [
    { from: TMUX_VERSION_NOW, to: TMUX_VERSION_LAZY, count: 1 },
    { from: "      return 2;\n    }\n  })();\n", to: "      return 2;\n    }\n  }\n", count: 1 },
  ],
  colors: (code) => {
    const start = code.indexOf(COLORS_FROM);
    const end = code.indexOf(COLORS_TO, start) + COLORS_TO.length;
    if (start < 0 || end < COLORS_TO.length)
      return [
        { from: COLORS_FROM, to: "", count: 1 },
        { from: COLORS_TO, to: "", count: 1 },
      ];
    return [{ from: code.slice(start, end), to: colorTables(code), count: 1 }];
  },
};

/** `code` (neo-blessed's lib/`file`.js) as the image holds it, or null when the file is taken as it is. */
export function neoBlessedEdits(file, code) {
  const edits = EDITS[file]?.(code);
  if (!edits) return null;
  let text = code;
  for (const { from, to, count } of edits) {
    const parts = text.split(from);
    if (parts.length - 1 !== count) throw new Error(`neo-blessed's lib/${file}.js has changed; update scripts/neo-blessed-edits.mjs`);
    text = parts.join(to);
  }
  return text;
}

/** The state colors.js's palette code leaves, as statements: run in a context of its own, so nothing else has touched it. */
function colorTables(code) {
  const module = { exports: {} };
  runInNewContext(`(function (exports, module) {${code}\n})`, {})(module.exports, module);
  const { colors, vcolors, _cache } = module.exports;
  // What the match pass returned (the module replaces it with its colour-name table further down).
  const out = colors.map((hex) => _cache[Number.parseInt(hex.slice(1), 16)]);
  return [
    `exports.colors = ${JSON.stringify(colors)};`,
    `exports.vcolors = ${JSON.stringify(vcolors)};`,
    `Object.assign(exports._cache, ${JSON.stringify(_cache)});`,
    `exports.ccolors = ${JSON.stringify(out)};`,
    "",
  ].join("\n");
}
