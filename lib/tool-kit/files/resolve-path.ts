// Turning the path a model wrote into an absolute path. Models often echo the "@file" mention
// syntax or use "~", so both are accepted; anything relative is taken against the session's cwd.
import { homedir } from "node:os";
import { isAbsolute, resolve } from "node:path";

export function resolveToolPath(cwd: string, input: string): string {
  // Models and macOS file names alike carry non-breaking and other Unicode spaces; pi folds them.
  let path = input.replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, " ").trim();
  if (path.startsWith("@")) path = path.slice(1);
  if (path === "~") return homedir();
  if (path.startsWith("~/")) return resolve(homedir(), path.slice(2));
  return isAbsolute(path) ? resolve(path) : resolve(cwd, path);
}
