// pi's install and config paths as pi's helpers report them: the agent dir (PI_CODING_AGENT_DIR,
// else ~/.pi/agent), the package's own folder and its docs, README and examples (pi-kernel's,
// where extensions look for bundled documentation), and the config folder name.
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const CONFIG_DIR_NAME = ".pi";
/** The pi version extensions see; pi-kernel follows pi 0.73.1's extension API. */
export const VERSION = "0.73.1";

export function getAgentDir(): string {
  const dir = process.env.PI_CODING_AGENT_DIR;
  if (dir) return dir === "~" ? homedir() : dir.startsWith("~/") ? join(homedir(), dir.slice(2)) : dir;
  return join(homedir(), CONFIG_DIR_NAME, "agent");
}

/** pi-kernel's package root: the nearest folder up from here with pi-kernel's package.json. */
export function getPackageDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (dirname(dir) !== dir) {
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "kernel"))) return dir;
    dir = dirname(dir);
  }
  return dir;
}

export const getDocsPath = () => join(getPackageDir(), "docs");
export const getReadmePath = () => join(getPackageDir(), "README.md");
export const getExamplesPath = () => join(getPackageDir(), "examples");
