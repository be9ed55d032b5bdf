// `-e` extensions of one run (CLI `-e`, SDK `extensionPaths`): `npm:pkg` / `git:…` / URL sources
// are installed into a temp dir for this run only (pi's behaviour); other values are paths. The
// temp installs are removed by `cleanup` (and when the process exits).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { installSource, parseSource } from "../lib/packages/index.js";

/** An `-e` source that could not be installed; the run does not start. */
export class ExtensionInstallError extends Error {
  override name = "ExtensionInstallError";
}

export interface RunExtensions {
  paths: string[];
  cleanup(): void;
}

export async function runExtensions(values: string[], cwd: string): Promise<RunExtensions> {
  let root: string | undefined;
  const cleanup = () => {
    if (root) rmSync(root, { recursive: true, force: true });
  };
  const paths: string[] = [];
  try {
    for (const value of values) {
      const source = /^(npm:|git:|https?:\/\/|ssh:\/\/)/.test(value) ? parseSource(value, cwd) : undefined;
      if (!source || source.kind === "local") {
        paths.push(value);
        continue;
      }
      root ??= mkdtempSync(join(tmpdir(), "pi-run-extensions-"));
      paths.push(await installSource(source, root));
    }
  } catch (error) {
    cleanup();
    throw new ExtensionInstallError((error as Error).message, { cause: error });
  }
  process.once("exit", cleanup);
  return { paths, cleanup };
}
