// Build step after bundle-dist: the start-up image, dist/image/. Node 20 has no compile cache for
// ES modules, and compiling the ~60 start-up files was the largest part of a short run. The image
// is the same bundled files as CommonJS (one .cjs per dist file, so what loads lazily still does),
// which cli/image-loader.ts compiles through node:vm with V8's code cache (print runs at the end write
// it: scripts/warm-image.mjs). bin/pi.js runs the image through
// dist/image/loader.cjs when it is there, dist/cli/main.js otherwise.
//
// The generated entry tells compose/compiled-modules.js (the CLI's own instance) how to load each
// built-in plugin module from the image, so the kernel's loader takes them from there instead of
// importing dist/plugins/<x>/index.js (a second copy of the kernel). A vm script cannot import() on Node 20
// (it needs --experimental-vm-modules, and a code-cached script loses the callback), so each
// import() left in the output (npm packages, the vendored MCP SDK) calls the loader's __piImport.
// A package required from the image may be an ES module (require(esm), Node >= 20.19): its
// default export is its own, where a CommonJS package's is module.exports, as an import would
// have it; the bundler's interop call asks the loader's __piInterop which of the two it is.
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";
import { parseAst } from "rolldown/parseAst";
import { writeBuiltinResources } from "../dist/compose/builtin-resources.js";
import { builtinSkillFiles, writeBuiltinFrontmatter } from "../dist/lib/resource-kit/builtin-frontmatter.js";
import { pluginEntries } from "./builtin-entries.mjs";
import { warmImage } from "./warm-image.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const out = join(dist, "image");
// Written beside it and renamed into place, so an interrupted build never leaves half an image.
const next = join(dist, "image.next");

const plugins = pluginEntries(root).map((src) => src.replace(/\\/g, "/").replace(/\.ts$/, ".js"));
if (!/from "(\.\.\/)+chunks\//.test(readFileSync(join(dist, "cli", "main.js"), "utf8"))) {
  throw new Error("bundle-image: dist/cli/main.js is not bundled yet; run `npm run build`");
}

/** The nodes of `code` that `match` accepts, last first (found by parsing, not by text). */
function nodesOf(code, sourceType, match) {
  const found = [];
  const walk = (node) => {
    if (!node || typeof node.type !== "string") return;
    if (match(node)) found.push(node);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object") walk(value);
    }
  };
  walk(parseAst(code, { sourceType }));
  return found.sort((a, b) => b.start - a.start); // last first, so earlier offsets stay valid
}

/**
 * A module's `import.meta.url` stays its dist/ file's URL, so what a module finds beside itself
 * (../../vendor/mcp-sdk/, the package root) it finds from the image as from dist/.
 */
const distUrls = {
  name: "dist-urls",
  transform(code, id) {
    if (!id.startsWith(dist) || !code.includes("import.meta.url")) return null;
    const image = join(out, relative(dist, id)).replace(/\.m?js$/, ".cjs");
    const back = JSON.stringify(relative(dirname(image), id).split(sep).join("/"));
    const urls = nodesOf(
      code,
      "module",
      (n) => n.type === "MemberExpression" && n.object.type === "MetaProperty" && n.property.name === "url",
    );
    let text = code;
    for (const n of urls) text = `${text.slice(0, n.start)}new URL(${back}, import.meta.url).href${text.slice(n.end)}`;
    return text;
  },
};

/**
 * The bundler's runtime requires what bundled CommonJS files require (Node's built-ins for
 * neo-blessed, js-yaml, commander...) through a `createRequire` of its own. In the image it takes
 * the image's `require` instead, which serves the built-ins that start-up does not call as stand-ins
 * (cli/lazy-builtin.ts: neo-blessed's `assert` and `child_process`) and npm packages as Node would.
 */
const imageRequire = {
  name: "image-require",
  transform(code, id) {
    if (!/[\\/]rolldown-runtime-[^\\/]+\.js$/.test(id)) return null;
    const text = code.replace("createRequire(import.meta.url)", "require");
    if (text === code) throw new Error("bundle-image: the bundler's runtime no longer makes its require; update image-require");
    return text;
  },
};

/** Every `import(` the bundler left (all external) becomes `__piImport(`. */
const loaderImports = {
  name: "loader-imports",
  renderChunk(code) {
    let text = code;
    for (const n of nodesOf(code, "script", (node) => node.type === "ImportExpression")) {
      text = `${text.slice(0, n.start)}__piImport${text.slice(n.start + "import".length)}`;
    }
    text = text.replace(/\.__toESM\((\w+), 1\)/g, ".__toESM($1, __piInterop($1))");
    // Another shape of the bundler's interop call would slip past the rewrite: fail the build instead.
    if (/__toESM\([^)]*,\s*1\)/.test(text)) throw new Error("bundle-image: an interop call the loader does not rewrite");
    return text;
  },
};

rmSync(next, { recursive: true, force: true });
const entry = join(dist, "image-entry.js");
writeFileSync(
  entry,
  [
    'import { provideCompiled } from "./compose/compiled-modules.js";',
    `provideCompiled({ ${plugins.map((rel) => `${JSON.stringify(rel)}: () => import("./${rel}")`).join(", ")} });`,
    'export { main } from "./cli/main.js";',
    "",
  ].join("\n"),
);
const isBare = (id) => !id.startsWith(".") && !id.startsWith("/") && !id.startsWith("#") && !/^[A-Za-z]:[\\/]/.test(id);
try {
  await build({
    input: { "image-entry": entry },
    platform: "node",
    logLevel: "warn",
    external: isBare,
    plugins: [imageRequire, distUrls, loaderImports],
    checks: { ineffectiveDynamicImport: false },
    resolve: { alias: { "#typebox": join(dist, "vendor", "typebox.mjs") } },
    output: {
      dir: next,
      format: "cjs",
      preserveModules: true,
      preserveModulesRoot: dist,
      entryFileNames: "[name].cjs",
      chunkFileNames: "[name].cjs",
      // V8 keeps every module's source in memory: without comments and indentation, and all
      // ASCII (one non-ASCII character makes V8 store a whole file in two bytes a character),
      // the image's sources take ~60% less of the heap; local names mangled, ~20% less again
      // (an idle interactive session: 1.14 MB of sources). Functions and classes keep their
      // names, for stack traces.
      charset: "ascii",
      minify: { compress: false, mangle: { keepNames: true }, codegen: { removeWhitespace: true } },
    },
  });
} finally {
  rmSync(entry, { force: true });
}
// The loader itself, as CommonJS for bin/pi.js (a CommonJS launcher: no ES module loader at start).
await build({
  input: join(dist, "cli", "image-loader.js"),
  platform: "node",
  logLevel: "warn",
  external: (id) => id.startsWith("node:"),
  output: { file: join(next, "loader.cjs"), format: "cjs" },
});
// The built-in packages' resources, resolved once here instead of at every start (compose/builtin-resources.ts).
writeBuiltinResources(root, join(next, "builtin-resources.json"));
// The built-in skills' frontmatter, parsed once here instead of at every run (lib/resource-kit/builtin-frontmatter.ts).
await writeBuiltinFrontmatter(builtinSkillFiles(root), join(next, "builtin-frontmatter.json"));
rmSync(out, { recursive: true, force: true });
renameSync(next, out);
// The code cache, written by real print runs from the image (scripts/warm-image.mjs).
await warmImage(root);
