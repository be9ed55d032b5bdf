#!/usr/bin/env node
// Writes test/fixtures/pi-exports.json: the runtime (value) names each public entry point of pi's
// packages exports, read from their `.d.ts` with the TypeScript checker so no reference package
// has to run (the current line needs Node 22 and does not install completely from npm).
//
//   node scripts/pi-reference-exports.mjs <node_modules dir holding @earendil-works/*> [more dirs...]
//
// Fetch a reference with `npm pack @earendil-works/pi-coding-agent@<v>` (and pi-ai, pi-agent-core,
// pi-tui), unpack each into <dir>/@earendil-works/<name>, then run this. The 0.73.1 line is a
// devDependency and is read from ./node_modules the same way.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";

const ENTRY_POINTS = {
  "pi-coding-agent": ["."],
  "pi-ai": [".", "./compat", "./oauth"],
  "pi-agent-core": ["."],
  "pi-tui": ["."],
};

function typesFile(pkgDir, subpath) {
  const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
  const exp = manifest.exports?.[subpath];
  const types = typeof exp === "object" ? (exp.types ?? exp.import?.types) : undefined;
  if (types) return join(pkgDir, types);
  if (subpath === ".") return join(pkgDir, manifest.types ?? "dist/index.d.ts");
  return undefined;
}

function valueExports(file, program) {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) return [];
  const names = [];
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (target.flags & ts.SymbolFlags.Value) names.push(symbol.name);
  }
  return names.sort();
}

const out = {};
const roots = process.argv.slice(2).map((d) => resolve(d));
for (const root of roots) {
  for (const scope of ["@earendil-works", "@mariozechner"]) {
    for (const [name, subpaths] of Object.entries(ENTRY_POINTS)) {
      const pkgDir = join(root, scope, name);
      if (!existsSync(join(pkgDir, "package.json"))) continue;
      const version = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")).version;
      for (const subpath of subpaths) {
        const file = typesFile(pkgDir, subpath);
        if (!file || !existsSync(file)) continue;
        const program = ts.createProgram([file], {
          skipLibCheck: true,
          noEmit: true,
          moduleResolution: ts.ModuleResolutionKind.Bundler,
          module: ts.ModuleKind.ESNext,
          target: ts.ScriptTarget.ES2022,
        });
        const specifier = `${scope}/${name}${subpath === "." ? "" : subpath.slice(1)}`;
        out[specifier] = { version, names: valueExports(file, program) };
      }
    }
  }
}
const target = resolve("test/fixtures/pi-exports.json");
writeFileSync(target, `${JSON.stringify(out, null, 1)}\n`);
for (const [k, v] of Object.entries(out)) console.log(`${k}@${v.version}: ${v.names.length} value exports`);
