// Build step after tsc: bundles the start-up path of dist/ so Node loads a few chunk files
// instead of ~300 small modules. Start-up was dominated by Node's ESM resolve/compile per module,
// not by running the code.
//
// One rolldown build with every entry at once: modules used by several entries (the kernel,
// lib/tui shared by the UI plugins, ...) land in shared chunks, so each stays a
// single instance. Each entry is written back over its own path (dist/plugins/<x>/index.js,
// dist/cli/main.js, ...), so bin/pi.js, compose/discover.ts and package.json "exports" need no
// change. Dynamic import()s stay separate chunks: setup() defers heavy code on purpose.
// npm packages and node built-ins stay external, "#typebox" too (already its own bundled file).
// The other tsc files stay in dist/ untouched: tests and benches import some of them directly,
// and pi extensions load plugins/pi-compat/modules/*.js through jiti (its own graph, as before).
import { existsSync, readFileSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";
import { pluginEntries } from "./builtin-entries.mjs";
import { neoBlessedEdits } from "./neo-blessed-edits.mjs";
import { terminfoTable } from "./terminfo-table.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const CHUNKS = "chunks";

/** Source-relative .ts paths → rolldown input map {"plugins/x/index": "/…/dist/plugins/x/index.js"}. */
function inputs() {
  // compose/compiled-modules.ts is an entry so the start-up image (scripts/bundle-image.mjs) can
  // reach the one instance the CLI uses.
  const sources = ["cli/main.ts", "sdk/index.ts", "kernel/index.ts", "compose/compiled-modules.ts", ...pluginEntries(root)];
  const out = {};
  for (const src of sources) {
    const name = src.replace(/\\/g, "/").replace(/\.ts$/, "");
    const file = join(dist, `${name}.js`);
    if (!existsSync(file)) throw new Error(`bundle-dist: ${file} is missing (did tsc run?)`);
    // Bundling a bundle would read entries whose chunks this build is about to delete.
    if (/from "(\.\.\/)+chunks\//.test(readFileSync(file, "utf8"))) {
      throw new Error(`bundle-dist: ${file} is already bundled; run \`npm run build\` (tsc first)`);
    }
    out[name] = file;
  }
  return out;
}

// Our own package name (plugins import "pi-kernel") resolves to the bundled kernel, so plugins
// and the CLI share one kernel instance; other bare package names stay external, except a few
// small packages on the start-up path: each is a dozen files that Node would otherwise resolve and
// compile one by one (diff: 19 ES modules, imported by the edit and write tools' first change).
const kernelEntry = join(dist, "kernel", "index.js");
// gray-matter and its tree (js-yaml 3 above all: ~40 CommonJS files) parse every SKILL.md, prompt
// template and agent file before the first request: bundled, they are one chunk of the start-up
// image with a code cache instead of ~40 files resolved and compiled on every run (CPU of a
// `pi -p hi` on a loaded machine: gray-matter was ~30% of it).
const FRONTMATTER_DEPS = ["gray-matter", "section-matter", "kind-of", "extend-shallow", "is-extendable", "strip-bom-string", "js-yaml"];
// chokidar 5 and readdirp are ES modules only: required from node_modules they started Node's ES
// module loader in every interactive session (its first watcher) and compiled with no cache (~20 ms of
// CPU before the first frame, ~1.1 MB of idle RSS). Bundled, they are a lazily loaded CommonJS file of
// the image like the rest (lib/watch-kit imports chokidar on first watch).
const WATCH_DEPS = ["chokidar", "readdirp"];
// strip-ansi and ansi-regex (lib/tui's text measuring, loaded by every interactive session) are ES
// modules only too: the same ~1.1 MB. The TUI's other packages load on first use (a wide line, markdown).
const TUI_BUNDLED = ["strip-ansi", "ansi-regex"];
// ms (limits) and fastest-levenshtein (models) are one file each, set up by every run.
const BUNDLED_DEPS = [
  ...["tapable", "commander", "partial-json", "ignore", "diff", "ms", "fastest-levenshtein"],
  ...[...FRONTMATTER_DEPS, ...WATCH_DEPS, ...TUI_BUNDLED],
];
const isBare = (id) => !id.startsWith(".") && !id.startsWith("/") && !/^[A-Za-z]:[\\/]/.test(id);
// neo-blessed's files the full-screen frame imports (plugins/ui-fullscreen/blessed-lite.ts): 14
// CommonJS files that Node resolved, read and compiled (from their code caches) one by one before the
// full-screen first frame; bundled, they are part of the frame's lazily loaded chunk of the image.
const NEO_BLESSED = "neo-blessed/lib/";
const isExternal = (id) => isBare(id) && !id.startsWith("pi-kernel") && !BUNDLED_DEPS.includes(id) && !id.startsWith(NEO_BLESSED);
// lib/tui is imported through one index (lib/tui/index.ts). Its modules and their npm packages run
// nothing on import, so a plugin that takes one name from the index (themes: the colour tokens)
// must not load the rest (markdown, text measuring) at start-up: tell the tree-shaker so.
const TUI_PACKAGES = ["marked", "string-width", "strip-ansi", "wrap-ansi"];
const tuiModule = /[\\/]dist[\\/]lib[\\/]tui[\\/]/;
const tuiBundled = /[\\/]node_modules[\\/](strip-ansi|ansi-regex)[\\/]/;
// The interactive app's own tui modules (the renderer, terminal, editor, markdown, dialogs, ...) are
// one chunk, tui-ui: only the UI loads them, all ~20 before its first frame, and each file of the
// image costs its reads, its Script and its module record (~0.1 ms) whatever its size. What other
// paths load stays apart: the key parser, keybindings and plain theme (pi-compat, `pi config`) in
// tui-keys; the themes' tokens and the tree layout (every run), the tree view and the index alone.
const TUI_KEYS = ["keys", "keybindings", "plain-theme"];
const TUI_OWN = ["theme", "tree-layout", "tree-view", "index"];
const tuiChunk = (id) => {
  if (tuiBundled.test(id)) return "tui-ui";
  if (!tuiModule.test(id)) return null;
  const name = basename(id, ".js");
  if (TUI_KEYS.includes(name)) return "tui-keys";
  return TUI_OWN.includes(name) ? `tui-${name}` : "tui-ui";
};
const hasSideEffects = (id, external) => !(external ? TUI_PACKAGES.includes(id) : tuiModule.test(id) || tuiBundled.test(id));

/** Reads tsc's own source map beside each file, so the bundle's maps lead back to the .ts sources. */
const tscMaps = {
  name: "tsc-source-maps",
  load(id) {
    if (!id.startsWith(dist) || !id.endsWith(".js")) return null;
    const code = readFileSync(id, "utf8");
    // tsc links the map only when it wrote one this build: an older .map beside it is stale.
    const link = /\n\/\/# sourceMappingURL=(\S+)\s*$/.exec(code);
    if (!link || !existsSync(join(dirname(id), link[1]))) return null;
    return { code: code.slice(0, link.index + 1), map: JSON.parse(readFileSync(join(dirname(id), link[1]), "utf8")) };
  },
};

/**
 * js-yaml 3 requires esprima (a whole JavaScript parser) on load, for its `!!js/function` type,
 * which only the unsafe loader accepts; gray-matter parses with the safe one, so the bundle leaves
 * esprima out (js-yaml handles its absence: the type then refuses every value).
 */
const noEsprima = {
  name: "no-esprima",
  transform(code, id) {
    if (!/[\\/]js-yaml[\\/]lib[\\/]js-yaml[\\/]type[\\/]js[\\/]function\.js$/.test(id)) return null;
    const text = code.replace("esprima = _require('esprima');", "esprima = undefined;");
    if (text === code) throw new Error("bundle-dist: js-yaml's esprima require has moved; update the no-esprima plugin");
    return text;
  },
};

/**
 * commander requires node:child_process on load, for the executable subcommands (`git-foo` style)
 * it can spawn; the CLI declares none. The bundle gives it a getter instead, so the CLI's flag
 * parsing alone loads no child_process (with dgram, ~0.45 MB of an idle session's RSS).
 */
const lazyCommanderSpawn = {
  name: "lazy-commander-spawn",
  transform(code, id) {
    if (!/[\\/]commander[\\/]lib[\\/]command\.js$/.test(id)) return null;
    const text = code.replace(
      "const childProcess = require('node:child_process');",
      "const childProcess = { get spawn() { return require('node:child_process').spawn; } };",
    );
    if (text === code) throw new Error("bundle-dist: commander's child_process require has moved; update lazy-commander-spawn");
    return text;
  },
};

/** neo-blessed's files as the image holds them (scripts/neo-blessed-edits.mjs: what they find beside themselves, what they need not do). */
const neoBlessedInImage = {
  name: "neo-blessed-in-image",
  transform(code, id) {
    const file = /[\\/]neo-blessed[\\/]lib[\\/](\w+)\.js$/.exec(id)?.[1];
    return file ? neoBlessedEdits(file, code) : null;
  },
};

/** The full-screen frame's terminfo entry, parsed and compiled here (scripts/terminfo-table.mjs), in its stub's place. */
const terminfoTableModule = {
  name: "terminfo-table",
  load(id) {
    return id === join(dist, "plugins", "ui-fullscreen", "shipped-terminfo.js") ? { code: terminfoTable(root), map: null } : null;
  },
};

const input = inputs();
rmSync(join(dist, CHUNKS), { recursive: true, force: true });
await build({
  input,
  platform: "node",
  plugins: [terminfoTableModule, tscMaps, noEsprima, lazyCommanderSpawn, neoBlessedInImage],
  logLevel: "warn",
  external: isExternal,
  // The CLI and the loader import() the kernel lazily, but every plugin imports it statically:
  // it is one shared chunk either way, which is what we want.
  checks: { ineffectiveDynamicImport: false },
  // Entry files may export more than their source (per-module tui chunks need it).
  preserveEntrySignatures: "allow-extension",
  treeshake: { moduleSideEffects: hasSideEffects },
  resolve: { alias: { "pi-kernel/kernel": kernelEntry, "pi-kernel": kernelEntry } },
  output: {
    dir: dist,
    format: "esm",
    entryFileNames: "[name].js",
    chunkFileNames: `${CHUNKS}/[name]-[hash].js`,
    sourcemap: true,
    // lib/tui is reached through one index, so by default its modules share one chunk and a
    // plugin that needs one small piece (a key parser) would load it all, markdown and text
    // wrapping included, at start-up. The pieces other paths use are chunks of their own, the
    // UI's own modules one chunk (`tuiChunk`).
    codeSplitting: {
      includeDependenciesRecursively: false,
      groups: [{ debugName: "tui modules", name: tuiChunk }],
    },
  },
});
