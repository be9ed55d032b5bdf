// auth.json, pi's credential file: `{ "<provider>": { "type": "api_key", "key": ... } }` beside
// `{ "<provider>": { "type": "oauth", "access", "refresh", "expires", ... } }`. It holds secrets:
// written 0600 inside a 0700 directory, replaced atomically, and never rewritten when the existing
// file cannot be read or parsed (that would throw away whatever else the user keeps in it).
// Writers that read-modify-write take the cross-process lock (`withAuthLock`), as pi does, so two
// processes refreshing a token at once do not both spend the refresh token.
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";

export class AuthFileError extends Error {
  override name = "AuthFileError";
}

export type AuthData = Record<string, unknown>;

export const authFilePath = (agentDir: string) => join(agentDir, "auth.json");

/** The parsed file ({} when absent or empty); throws AuthFileError when it cannot be read or parsed. */
export function readAuthFile(agentDir: string): AuthData {
  const file = authFilePath(agentDir);
  // Most agents have no auth.json (keys from the environment or models.json), and every provider's
  // sign-in asks at start-up: a stat that answers "missing" without an Error, where a throwing
  // read cost ~35 µs each, ~10 times before a print run's request (issue 34, round seven).
  if (!mayExist(file)) return {};
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return {};
    throw new AuthFileError(`${file} cannot be read (${code ?? "unknown error"}); it was left unchanged`);
  }
  if (text.trim() === "") return {};
  const parsed = parseLenient(text);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new AuthFileError(`${file} is not valid JSON; it was left unchanged (fix or remove it, then try again)`);
  }
  return parsed as AuthData;
}

/** False only when `file` is surely absent; any other answer (it exists, a stat error) leaves it to the read. */
export function mayExist(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true;
  }
}

/**
 * JSON, or (rarely: a hand-edited file) JSONC with comments and trailing commas; undefined when
 * neither. jsonc-parser loads only for such a file, so start-up does not pay for it.
 */
function parseLenient(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const { parse } = createRequire(import.meta.url)("jsonc-parser") as typeof import("jsonc-parser");
    const errors: import("jsonc-parser").ParseError[] = [];
    const value: unknown = parse(text, errors, { allowTrailingComma: true });
    return errors.length > 0 ? undefined : value;
  }
}

/** Replaces the file with `data` (0600, atomic rename; the directory is created 0700). */
export function writeAuthFile(agentDir: string, data: AuthData): void {
  const file = authFilePath(agentDir);
  mkdirSync(agentDir, { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600); // an old temp file of the same name may have had other bits
  renameSync(temp, file);
}

/** Sets (or, with undefined, removes) one provider's entry, keeping every other entry. */
export function updateAuthEntry(agentDir: string, provider: string, entry: unknown): void {
  const data = readAuthFile(agentDir);
  if (entry === undefined) delete data[provider];
  else data[provider] = entry;
  writeAuthFile(agentDir, data);
}

const LOCK_OPTIONS = {
  // A process that died holding the lock leaves it behind: after 10 s without an mtime update
  // (proper-lockfile refreshes it while held) it counts as stale and is taken over.
  stale: 10_000,
  retries: { retries: 40, factor: 1.3, minTimeout: 25, maxTimeout: 1_000, randomize: true },
  realpath: false,
};

/**
 * Runs `fn` holding the cross-process lock on auth.json (proper-lockfile: an atomic mkdir of
 * `auth.json.lock`, the same lock pi takes, so pi and pi-kernel processes exclude each other too).
 */
export async function withAuthLock<T>(agentDir: string, fn: () => Promise<T> | T): Promise<T> {
  const file = authFilePath(agentDir);
  mkdirSync(agentDir, { recursive: true, mode: 0o700 });
  // proper-lockfile locks an existing path: create an empty file 0600 if there is none yet.
  closeSync(openSync(file, "a", 0o600));
  // Loaded on first use: most runs never write auth.json.
  const lockfile = await import("proper-lockfile");
  const release = await lockfile.lock(file, LOCK_OPTIONS);
  try {
    return await fn();
  } finally {
    await release().catch(() => undefined); // already released or taken over as stale: nothing to undo
  }
}
