// Writes a provider's API key into auth.json (for /login-like commands). The file holds secrets:
// created 0600 inside a 0700 directory, replaced atomically, and never rewritten when the
// existing file cannot be read (rewriting would throw away whatever else the user had in it).
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseJsonc } from "./jsonc.js";

export class AuthFileError extends Error {
  override name = "AuthFileError";
}

export function saveApiKey(agentDir: string, provider: string, key: string): void {
  const file = join(agentDir, "auth.json");
  mkdirSync(agentDir, { recursive: true, mode: 0o700 });
  let data: Record<string, unknown> = {};
  let text: string | undefined;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT")
      throw new AuthFileError(`${file} cannot be read (${(error as NodeJS.ErrnoException).code}); it was left unchanged`);
  }
  if (text !== undefined && text.trim() !== "") {
    let parsed: unknown;
    try {
      parsed = parseJsonc(text);
    } catch {
      parsed = undefined;
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new AuthFileError(`${file} is not valid JSON; it was left unchanged (fix or remove it, then try again)`);
    }
    data = parsed as Record<string, unknown>;
  }
  data[provider] = { type: "api_key", key };
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600); // the umask may have widened nothing, but an old temp file might have
  renameSync(temp, file);
}
