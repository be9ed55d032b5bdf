// One meaning of a path. The permission gate, the file tools, ACP's client fs, checkpoints and the
// sandbox all turn the path a model wrote into the file the operating system will touch with this
// one function, so a rule can never judge one file while a tool opens another.
//
// Spelling first, exactly as pi's tools accept it: Unicode spaces (no-break, em, narrow, ideographic)
// fold to plain spaces and the ends are trimmed, pi's `@file` mention prefix is dropped, `~` is the
// home folder, anything relative is taken against the cwd. Then the file itself: symlinks and `..`
// are resolved as the kernel resolves them when the file is opened (`link/..` is the parent of the
// link's target, not the folder holding the link), and a tail that does not exist yet is appended
// to the real path of its nearest existing ancestor. A dangling symlink is followed to where a write
// would create its target.
import { lstatSync, readlinkSync, realpathSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, isAbsolute, join, resolve, sep } from "node:path";

/** Characters macOS file names and models put where a space was meant (pi folds the same ones). */
const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;
/** Linux's own bound on symlinks followed while resolving one path (ELOOP past it). */
const MAX_LINKS = 40;

/** The path as written, made absolute the way the tools read it, `..` still unresolved. */
export function spelledPath(cwd: string, input: string): string {
  let path = input.replace(UNICODE_SPACES, " ").trim();
  if (path.startsWith("@")) path = path.slice(1);
  if (path === "~") path = homedir();
  else if (path.startsWith("~/")) path = `${homedir()}/${path.slice(2)}`;
  // join would normalise `link/..` away before the file system sees the link, so concatenate.
  return isAbsolute(path) ? path : `${cwd}${sep}${path}`;
}

/** The same path normalised by text alone (`a/../b` is `b`): what a path looks like to a person. */
export function lexicalPath(cwd: string, input: string): string {
  return resolve(spelledPath(cwd, input));
}

/** The file as named: its folder canonical, its own name kept even when it is a symlink (what a rule naming a link means). */
export function namedPath(cwd: string, input: string): string {
  const lexical = lexicalPath(cwd, input);
  const parent = dirname(lexical);
  return parent === lexical ? lexical : join(canonicalPath(cwd, parent), basename(lexical));
}

/** The absolute, symlink-free path the operating system will open for `input` written in `cwd`. */
export function canonicalPath(cwd: string, input: string): string {
  const spelled = spelledPath(cwd, input);
  // The common case in one system call: the kernel's realpath(3) resolves `..` after a link physically.
  const real = realOrUndefined(spelled);
  if (real !== undefined) return real;
  // Missing paths are looked up with stat calls that do not throw: an exception costs more than the system call.
  // A file to be created: the real path of the nearest existing folder, then the new names, when
  // none of them is `.`/`..` and the first is not a dangling link (else the careful walk).
  const parts = spelled.split(sep);
  for (let keep = parts.length - 1; keep > 0; keep--) {
    const tail = parts.slice(keep).filter(Boolean);
    if (tail.some((p) => p === "." || p === "..")) break;
    const base = realOrUndefined(parts.slice(0, keep).join(sep) || sep);
    if (base === undefined) continue;
    if (tail.length === 0 || lstatOrUndefined(join(base, tail[0]))) break;
    return join(base, ...tail);
  }
  return walk(spelled);
}

/** realpath(3) of an existing path, else undefined (checked first by a stat that does not throw). */
function realOrUndefined(path: string): string | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false }) ? realpathSync.native(path) : undefined;
  } catch {
    return undefined;
  }
}

/** Component by component, for paths whose tail does not exist yet (or cannot be read). */
function walk(spelled: string): string {
  const pending = spelled.split(sep).filter(Boolean).reverse();
  let current: string = sep;
  let links = 0;
  let exists = true;
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (name === ".") continue;
    if (name === "..") {
      current = dirname(current);
      continue;
    }
    const next = join(current, name);
    if (!exists) {
      current = next;
      continue;
    }
    const info = lstatOrUndefined(next);
    if (info?.isSymbolicLink() && links++ < MAX_LINKS) {
      const target = readlinkSync(next);
      pending.push(...target.split(sep).filter(Boolean).reverse());
      if (isAbsolute(target)) current = sep;
      continue;
    }
    // Past the first missing component nothing can be a link: the rest is created as written.
    if (!info) exists = false;
    current = next;
  }
  return current;
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Whether `path` is `root` or inside it (both canonical). */
export function isInside(root: string, path: string): boolean {
  if (path === root) return true;
  const prefix = root.endsWith(sep) ? root : `${root}${sep}`;
  return path.startsWith(prefix);
}
