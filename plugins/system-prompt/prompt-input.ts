// Values of --system-prompt and --append-system-prompt: text, or the path of a file holding it
// (pi's rule: a value naming an existing file means that file's content).
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

export function textOrFile(value: unknown, cwd: string): string | undefined {
  if (typeof value !== "string" || !value) return undefined;
  const path = resolve(cwd, value);
  if (value.length >= 4096 || !existsSync(path)) return value;
  try {
    return readFileSync(path, "utf8");
  } catch {
    return value; // a directory or an unreadable file: the value was meant as text
  }
}

/** The repeatable --append-system-prompt values, resolved. */
export function appendValues(value: unknown, cwd: string): string[] {
  return ([] as unknown[])
    .concat(value ?? [])
    .map((v) => textOrFile(v, cwd))
    .filter((v): v is string => !!v);
}
