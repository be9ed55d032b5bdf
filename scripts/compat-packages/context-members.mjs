#!/usr/bin/env node
// Writes test/fixtures/pi-context-members.json: the members of pi's extension context
// (ExtensionContext, ExtensionCommandContext, ctx.ui's ExtensionUIContext, ctx.sessionManager's
// ReadonlySessionManager and ctx.modelRegistry's ModelRegistry) as the given unpacked
// @earendil-works/pi-coding-agent packages declare them, read from their .d.ts with the
// TypeScript compiler API (the declarations, not a regex over them).
//   npm pack @earendil-works/pi-coding-agent@0.86 @earendil-works/pi-coding-agent@1.5   (then untar each)
//   node scripts/compat-packages/context-members.mjs /tmp/v086/package /tmp/v15/package
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const INTERFACES = { ExtensionContext: "ctx", ExtensionCommandContext: "commandCtx", ExtensionUIContext: "ctx.ui" };

function source(file) {
  return ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
}

/** Own members of each interface, plus those of interfaces it extends (within the same file). */
function interfaceMembers(sf) {
  const own = new Map();
  const bases = new Map();
  sf.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node)) return;
    own.set(node.name.text, node.members.map((m) => m.name?.getText(sf)).filter(Boolean));
    bases.set(
      node.name.text,
      (node.heritageClauses ?? []).flatMap((h) => h.types.map((t) => t.expression.getText(sf))),
    );
  });
  const all = (name) => [...new Set([...(own.get(name) ?? []), ...(bases.get(name) ?? []).flatMap(all)])];
  return all;
}

/** Public members of a declared class (methods, properties, accessors), not private ones. */
function classMembers(sf, className) {
  let out = [];
  sf.forEachChild((node) => {
    if (!ts.isClassDeclaration(node) || node.name?.text !== className) return;
    out = node.members
      .filter((m) => m.name && !ts.isConstructorDeclaration(m))
      .filter((m) => !(ts.getCombinedModifierFlags(m) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)))
      .filter((m) => !m.name.getText(sf).startsWith("#"))
      .map((m) => m.name.getText(sf));
  });
  return [...new Set(out)];
}

/** The keys of `type ReadonlySessionManager = Pick<SessionManager, "a" | "b">`. */
function pickedKeys(sf, alias) {
  let out = [];
  sf.forEachChild((node) => {
    if (!ts.isTypeAliasDeclaration(node) || node.name.text !== alias) return;
    const keys = node.type.typeArguments?.[1];
    const literals = keys && ts.isUnionTypeNode(keys) ? keys.types : keys ? [keys] : [];
    out = literals.map((t) => t.getText(sf).replace(/^"|"$/g, ""));
  });
  return out;
}

const result = {};
for (const dir of process.argv.slice(2)) {
  const version = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version;
  const types = source(join(dir, "dist/core/extensions/types.d.ts"));
  const members = interfaceMembers(types);
  const entry = {};
  for (const [name, label] of Object.entries(INTERFACES)) entry[label] = members(name).sort();
  entry["ctx.sessionManager"] = pickedKeys(source(join(dir, "dist/core/session-manager.d.ts")), "ReadonlySessionManager").sort();
  entry["ctx.modelRegistry"] = classMembers(source(join(dir, "dist/core/model-registry.d.ts")), "ModelRegistry").sort();
  result[version] = entry;
}
const out = new URL("../../test/fixtures/pi-context-members.json", import.meta.url);
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(`wrote ${out.pathname}: ${Object.keys(result).join(", ")}`);
