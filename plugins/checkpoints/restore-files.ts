// Writing a checkpoint's files back, from the bytes the shadow repository stored (git's checkout
// would apply the project's attributes, remove folders it did not make and follow its own rules
// about what may be deleted). Removals first (deepest first), then writes. A write goes to a temp
// file next to its target and is renamed over it, so a file is never half restored; a folder on
// the way that is now a symlink or a file the checkpoint did not track is never written through
// or replaced: that path is reported and left. Each file is written or removed through the
// process's per-file mutation queue, in turn with the tools. A file keeps its permission bits;
// only the executable bit comes from the checkpoint.
import { randomBytes } from "node:crypto";
import { chmod, lstat, mkdir, readdir, rename, rm, rmdir, symlink, unlink, writeFile } from "node:fs/promises";
import type { FileMutationsService } from "../../contracts/file-mutations.js";
import { gitBytes, type GitTarget } from "./git.js";

/** One path that differs between now and the checkpoint: its mode and blob in the checkpoint. */
export interface RestoreEntry {
  path: Buffer;
  /** "000000": not in the checkpoint (created since); "100644", "100755", "120000" (symlink), "160000" (a nested repository). */
  mode: string;
  blob: string;
}

export interface RestoreOptions {
  target: GitTarget;
  entries: RestoreEntry[];
  /** Paths (folders end in "/") the checkpoint saw but did not store, as latin1 strings: never removed. */
  kept: Set<string>;
  /** Folders the removals empty are removed when made after this time (ms); never when unknown. */
  since: number;
  mutations?: FileMutationsService;
}

const ABSENT = "000000";
const SLASH = 0x2f;

/** Restores the entries; returns the paths changed. Throws, after doing the rest, if some could not be. */
export async function restoreFiles(o: RestoreOptions): Promise<Buffer[]> {
  const root = Buffer.from(`${o.target.workTree}/`);
  const abs = (p: Buffer) => Buffer.concat([root, p]);
  const queued = <T>(path: Buffer, fn: () => Promise<T>) => (o.mutations ? o.mutations.run(abs(path).toString(), fn) : fn());
  const touched: Buffer[] = [];
  const failed: string[] = [];
  const removals = o.entries.filter((e) => e.mode === ABSENT && !isKept(e.path, o.kept)).sort((a, b) => Buffer.compare(b.path, a.path));
  for (const e of removals) {
    const removed = await queued(e.path, async () => {
      const info = await lstat(abs(e.path)).catch(() => undefined);
      if (!info || info.isDirectory()) return false;
      await unlink(abs(e.path));
      return true;
    }).catch((error: Error) => void failed.push(`${e.path}: ${error.message}`));
    if (removed) touched.push(e.path);
  }
  await pruneFolders(
    removals.map((e) => e.path),
    abs,
    o,
  );
  const writes = o.entries.filter((e) => e.mode !== ABSENT && e.mode !== "160000").sort((a, b) => Buffer.compare(a.path, b.path));
  const contents = await readBlobs(
    o.target,
    writes.map((e) => e.blob),
  );
  for (const e of writes) {
    const written = await queued(e.path, () => writeEntry(root, e, contents.get(e.blob) ?? Buffer.alloc(0))).catch(
      (error: Error) => void failed.push(`${e.path}: ${error.message}`),
    );
    if (written === true) touched.push(e.path);
    else if (written === false)
      failed.push(`${e.path}: something the checkpoint did not track is in the way (a link, a file, a folder with files)`);
  }
  if (failed.length) throw new Error(`Some files could not be restored (the others were):\n${failed.join("\n")}`);
  return touched.sort(Buffer.compare);
}

/** Whether `path` or a folder it is in was seen untracked by the checkpoint. */
function isKept(path: Buffer, kept: Set<string>): boolean {
  const p = path.toString("latin1");
  if (kept.has(p)) return true;
  for (let i = p.indexOf("/"); i !== -1; i = p.indexOf("/", i + 1)) if (kept.has(p.slice(0, i + 1))) return true;
  return false;
}

/** Removes folders left empty by the removals, deepest first, when they were made after `since`. */
async function pruneFolders(removed: Buffer[], abs: (p: Buffer) => Buffer, o: RestoreOptions): Promise<void> {
  const folders = new Map<string, Buffer>();
  for (const path of removed)
    for (let i = path.lastIndexOf(SLASH); i > 0; i = path.lastIndexOf(SLASH, i - 1))
      folders.set(path.toString("latin1", 0, i), path.subarray(0, i));
  const deepestFirst = [...folders.values()].sort((a, b) => b.length - a.length);
  for (const dir of deepestFirst) {
    if (isKept(Buffer.concat([dir, Buffer.from("/")]), o.kept)) continue;
    const info = await lstat(abs(dir)).catch(() => undefined);
    // birthtime is 0 where the file system does not record it: then the folder stays.
    if (!info?.isDirectory() || !(info.birthtimeMs > o.since)) continue;
    if ((await readdir(abs(dir))).length === 0) await rmdir(abs(dir)).catch(() => {});
  }
}

/** Writes one file or symlink; false when the way to it is blocked by something untracked. */
async function writeEntry(root: Buffer, e: RestoreEntry, content: Buffer): Promise<boolean> {
  for (let i = e.path.indexOf(SLASH); i !== -1; i = e.path.indexOf(SLASH, i + 1)) {
    const dir = Buffer.concat([root, e.path.subarray(0, i)]);
    const info = await lstat(dir).catch(() => undefined);
    if (!info) await mkdir(dir);
    else if (!info.isDirectory()) return false;
  }
  const file = Buffer.concat([root, e.path]);
  const now = await lstat(file).catch(() => undefined);
  if (now?.isDirectory()) {
    // A file replaced by a folder: the folder's tracked files are gone by now; anything else stays.
    if ((await readdir(file)).length > 0) return false;
    await rmdir(file);
  }
  const temp = Buffer.concat([file, Buffer.from(`.pi-restore-${randomBytes(4).toString("hex")}`)]);
  try {
    if (e.mode === "120000") await symlink(content, temp);
    else {
      // An existing file's bits are kept (a private .env stays private, even while it is a temp file).
      await writeFile(temp, content, { mode: now?.isFile() ? 0o600 : 0o666 });
      const base = now?.isFile() ? now.mode & 0o7777 : (await lstat(temp)).mode & 0o7777;
      await chmod(temp, e.mode === "100755" ? base | ((base & 0o444) >> 2) : base & ~0o111);
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return true;
}

/** The blobs' bytes, all from one `git cat-file --batch`. */
async function readBlobs(target: GitTarget, ids: string[]): Promise<Map<string, Buffer>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, Buffer>();
  if (unique.length === 0) return out;
  const raw = await gitBytes(target, ["cat-file", "--batch"], `${unique.join("\n")}\n`);
  let at = 0;
  while (at < raw.length) {
    const eol = raw.indexOf(0x0a, at);
    const [id, type, size] = raw.toString("latin1", at, eol).split(" ");
    if (type === "missing" || size === undefined) throw new Error(`the checkpoint's object ${id} is missing`);
    const start = eol + 1;
    out.set(id, raw.subarray(start, start + Number(size)));
    at = start + Number(size) + 1;
  }
  return out;
}
