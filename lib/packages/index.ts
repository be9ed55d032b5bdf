// The pi packages toolkit, one import for its users (the composition root, `pi install/remove/
// update/list`, and the packages, settings and pi-compat plugins): package sources, installing
// them, their manifests and filters, settings.json files, trusted projects, and composing an
// agent's packages (composition files with `extends`, `exclude` and named packages). Every
// function works on the paths it is given; the only state is the parsed package.json files,
// checked against their stat on each read (package-json.ts).
export { composePackages, resourcesOf, type ComposedPackage, type ComposePackagesOptions } from "./compose.js";
export { compositionFiles, readComposition, type CompositionEntry, type CompositionNames } from "./composition.js";
export { autoOverrides, type AutoEnabled } from "./auto-overrides.js";
export {
  applyDelta,
  applyPatterns,
  enabledByOverrides,
  filterStates,
  type Filters,
  isOverride,
  patternTarget,
  type ResourceState,
} from "./filter.js";
export { isGlob, matcher } from "./glob.js";
export { installedDir, installSource, isInstalled, uninstallSource } from "./install.js";
export {
  KINDS,
  packageName,
  packageResources,
  packageResourceStates,
  type ResourceKind,
  type Resources,
  type ResourceStates,
} from "./manifest.js";
export { inPackageJsonPass, knownPackageJson, packageJsonSeen, packageJsonStat, readPackageJson } from "./package-json.js";
export { extensionFiles, filesOfPaths } from "./resource-files.js";
export {
  getPath,
  isPlainObject,
  mergeSettings,
  parseSettings,
  SettingsFileError,
  readPackages,
  readSettings,
  setPath,
  sourceOf,
  updateSettings,
  writeJsonAtomic,
  writePackages,
  type PackageEntry,
  type SettingsObject,
} from "./settings-file.js";
export { identity, isPinned, marketplaceOf, parseSource, type PackageSource } from "./source.js";
export { MARKETPLACE, marketplacePlugin, type MarketplacePlugin } from "./marketplace.js";
export { CLAUDE_MANIFEST, claudeParts, claudePluginCounts, isClaudePlugin } from "./claude-plugin.js";
export { isTrusted, trustDirectory, untrustedContent, withoutUntrusted } from "./trust.js";
