// Where a pi extension was found, in pi's SourceInfo shape (given to the commands it registers):
// `-e` paths are source "cli" (scope "temporary", no baseDir, as pi reports them), the
// extensions directories are auto-discovered ("auto", baseDir the agent dir or the project's
// .pi), a package's carry its source string, an SDK inline one is pi's `<inline:name>` form.
import { join } from "node:path";
import type { PluginApi, PluginSource } from "pi-kernel";
import { autoMeta, type PackageOrigin, packageMeta, sourceInfo, type SourceInfo } from "../../lib/resource-kit/index.js";

/** `origins`: the package directories of the composition (the "package-resources" service). */
export function extensionSourceInfo(source: PluginSource, api: PluginApi, origins: readonly PackageOrigin[] | undefined): SourceInfo {
  switch (source.origin) {
    case "cli":
      return { path: source.file, source: "cli", scope: "temporary", origin: "top-level" };
    case "user":
      return sourceInfo(source.file, autoMeta("user", api.agentDir));
    case "project":
      return sourceInfo(source.file, autoMeta("project", join(api.cwd, ".pi")));
    case "package":
      return sourceInfo(
        source.file,
        packageMeta(origins, source.file) ?? { source: source.root, scope: "user", origin: "package", baseDir: source.root },
      );
    case "inline":
      return { path: `<${source.file}>`, source: "inline", scope: "temporary", origin: "top-level" };
  }
}
