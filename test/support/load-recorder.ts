// Which modules a spawned Node process loads: a loader hook, preloaded through NODE_OPTIONS, writes
// every URL it resolves that matches a pattern. Node 20's hooks see ES module resolution only, not
// require().
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export interface LoadRecorder {
  /** Add to the process's environment. */
  env: { NODE_OPTIONS: string };
  /** The matching URLs resolved so far, in order. */
  urls(): string[];
}

export function recordLoads(pattern: RegExp): LoadRecorder {
  const dir = mkdtempSync(join(tmpdir(), "pik-loads-"));
  const log = join(dir, "loaded.txt");
  const hooks = join(dir, "hooks.mjs");
  writeFileSync(
    hooks,
    `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (${pattern}.test(r.url)) appendFileSync(${JSON.stringify(log)}, r.url + "\\n");
  return r;
}`,
  );
  writeFileSync(
    join(dir, "preload.mjs"),
    `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  return {
    env: { NODE_OPTIONS: `--import ${join(dir, "preload.mjs")}` },
    urls: () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").filter(Boolean) : []),
  };
}
