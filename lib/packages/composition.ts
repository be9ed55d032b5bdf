// Reading a composition file (pi-packages.json): its `packages` in load order, each resolved
// against the file it is written in. A file may build on another one with `"extends"` (a name the
// caller knows, like "default", or a path relative to the file; an existing file of that name wins) and drop inherited entries with
// `"exclude": [package names]`; an entry may name a package the caller knows by its package name
// (pi-kernel's built-in plugins, "@pi-kernel/tools-core"). Every problem is reported, naming the
// file and the entry, and skipped: the rest of the composition still loads.
import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { closeNames } from "./close-names.js";
import { packageName } from "./manifest.js";
import { sourceOf, type PackageEntry } from "./settings-file.js";
import { identity, parseSource } from "./source.js";

/** The names a composition may use without a path. */
export interface CompositionNames {
  /** The folder of a package named by its package name, if the caller has one. */
  package(name: string): string | undefined;
  /** Every package name `package` knows (for "did you mean"). */
  packageNames(): string[];
  /** The composition file a name in `"extends"` stands for ("default"), if any. */
  composition(name: string): string | undefined;
}

export interface CompositionEntry {
  entry: PackageEntry;
  /** The directory relative sources of this entry are resolved against. */
  base: string;
  /** The composition file that lists it. */
  file: string;
}

type Report = (level: "warning" | "error", message: string) => void;

const NO_NAMES: CompositionNames = { package: () => undefined, packageNames: () => [], composition: () => undefined };

/** The file's packages with everything it extends, minus its exclusions. Throws only when `file` itself cannot be read. */
export function readComposition(file: string, report: Report, names: CompositionNames = NO_NAMES): CompositionEntry[] {
  return compose(resolve(file), [], report, names, true) ?? [];
}

function compose(file: string, chain: string[], report: Report, names: CompositionNames, top: boolean): CompositionEntry[] | undefined {
  let json: { packages?: unknown; extends?: unknown; exclude?: unknown };
  try {
    json = parse(file);
  } catch (error) {
    if (top) throw error;
    report("error", `${chain.at(-1)}: "extends": ${(error as Error).message}; composing without it`);
    return undefined;
  }
  const inherited = json.extends === undefined ? [] : (base(file, json.extends, [...chain, file], report, names) ?? []);
  const own = Array.isArray(json.packages) ? json.packages : [];
  if (json.packages !== undefined && !Array.isArray(json.packages)) report("error", `${file}: "packages" must be a list`);
  const kept = excluding(inherited, json.exclude, file, report);
  const listed = own.flatMap((entry) => resolveEntry(entry, file, report, names));
  return lastOfEach([...kept, ...listed]);
}

function parse(file: string): { packages?: unknown; extends?: unknown; exclude?: unknown } {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file}: invalid JSON (${(error as Error).message})`);
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) throw new Error(`${file}: a composition must be a JSON object`);
  return json as { packages?: unknown };
}

/** The composition `"extends"` names, or undefined (reported) when it is missing or closes a cycle. */
function base(file: string, ref: unknown, chain: string[], report: Report, names: CompositionNames): CompositionEntry[] | undefined {
  if (typeof ref !== "string" || !ref) {
    report("error", `${file}: "extends" must be "default" or a path to a composition file`);
    return undefined;
  }
  const target = extended(file, ref, names);
  if (chain.includes(target)) {
    const cycle = [...chain.slice(chain.indexOf(target)), target].join(" -> ");
    report("error", `${file}: "extends" cycle: ${cycle}; composing without this "extends"`);
    return undefined;
  }
  return compose(target, chain, report, names, false);
}

/** The file `"extends": ref` in `file` means: an existing file, else a name the caller knows, else the path. */
function extended(file: string, ref: string, names: CompositionNames): string {
  const path = resolve(dirname(file), ref);
  return (isFile(path) ? undefined : names.composition(ref)) ?? path;
}

/** The file and the compositions it extends, in order (for watching; readComposition reports problems). */
export function compositionFiles(file: string, names: CompositionNames = NO_NAMES): string[] {
  const out: string[] = [];
  for (let next: string | undefined = resolve(file); next && !out.includes(next); ) {
    out.push(next);
    let ref: unknown;
    try {
      ref = parse(next).extends;
    } catch {
      break;
    }
    next = typeof ref === "string" && ref ? extended(next, ref, names) : undefined;
  }
  return out;
}

/** An entry with its source resolved: a known package name becomes that package's folder. */
function resolveEntry(entry: unknown, file: string, report: Report, names: CompositionNames): CompositionEntry[] {
  const valid =
    typeof entry === "string" || (entry && typeof entry === "object" && typeof (entry as { source?: unknown }).source === "string");
  if (!valid) {
    report("error", `${file}: entry ${JSON.stringify(entry)} is not a source or {"source": ...}; skipped`);
    return [];
  }
  const spec = sourceOf(entry as PackageEntry);
  const dir = dirname(file);
  const known = names.package(spec);
  if (known) return [{ entry: withSource(entry as PackageEntry, known), base: dir, file }];
  if (looksLikeName(spec) && !existsSync(resolve(dir, spec))) {
    const close = closeNames(spec, names.packageNames());
    const hint = close.length ? ` Did you mean ${close.join(", ")}?` : "";
    report("error", `${file}: entry "${spec}" is neither a known package name nor an existing path; skipped.${hint}`);
    return [];
  }
  return [{ entry: entry as PackageEntry, base: dir, file }];
}

function withSource(entry: PackageEntry, source: string): PackageEntry {
  return typeof entry === "string" ? source : { ...entry, source };
}

/** `@scope/name` or a bare `name`: not a path (no ./, no /), not an npm:/git:/URL source. */
function looksLikeName(spec: string): boolean {
  return /^(@[\w.-]+\/)?[\w.-]+$/.test(spec) && !spec.startsWith(".");
}

function excluding(entries: CompositionEntry[], exclude: unknown, file: string, report: Report): CompositionEntry[] {
  if (exclude === undefined) return entries;
  if (!Array.isArray(exclude) || exclude.some((e) => typeof e !== "string")) {
    report("error", `${file}: "exclude" must be a list of package names`);
    return entries;
  }
  const named = entries.map((e) => ({ e, names: namesOf(e) }));
  for (const name of exclude as string[]) {
    if (named.some((n) => n.names.includes(name))) continue;
    const close = closeNames(
      name,
      named.map((n) => n.names[0]!),
    );
    const hint = close.length ? ` Did you mean ${close.join(", ")}?` : "";
    report("warning", `${file}: "exclude" names "${name}", which the composition it extends does not include.${hint}`);
  }
  return named.filter((n) => !n.names.some((name) => (exclude as string[]).includes(name))).map((n) => n.e);
}

/** What an entry may be called in `exclude`: its package name first, then the source as written. */
function namesOf(e: CompositionEntry): string[] {
  const spec = sourceOf(e.entry);
  try {
    const source = parseSource(spec, e.base);
    if (source.kind === "npm") return [source.name, spec];
    if (source.kind === "git") return [basename(source.path), spec];
    return [packageName(source.path) ?? basename(source.path), spec];
  } catch {
    return [spec];
  }
}

/** The same package listed twice (inherited, then again) loads once, where it was listed last. */
function lastOfEach(entries: CompositionEntry[]): CompositionEntry[] {
  const ids = entries.map((e) => {
    try {
      return identity(parseSource(sourceOf(e.entry), e.base));
    } catch {
      return `invalid:${sourceOf(e.entry)}`;
    }
  });
  return entries.filter((_, i) => !ids.slice(i + 1).includes(ids[i]!));
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}
