// Helpers for resource plugins (skills, prompt templates, themes, commands), the one entry point
// they import: frontmatter parsing, a live index rebuilt from files with per-file caching and
// ignore rules, the one file-watching facility (watchPaths), resource paths from flags, settings
// and packages with their source info, and the command helpers (parsing a slash line, mirroring data-backed commands, listing them, their order).
export { type Frontmatter, type ParseFrontmatter, frontmatterError, frontmatterParser } from "./frontmatter.js";
export { builtinFrontmatter, builtinSkillFiles, frontmatterTable, writeBuiltinFrontmatter } from "./builtin-frontmatter.js";
export { LiveIndex, type LiveIndexOptions } from "./live-index/live-index.js";
export { ScanGuard, type ScanLimits, isInside } from "./scan/scan-guard.js";
export { type PathWatcher, type WatchPathsOptions, watchPaths } from "../watch-kit/index.js";
export { type CachedFile, FileCache, type Parsed } from "./live-index/file-cache.js";
export { IGNORE_FILES, addIgnoreRules, relPosix } from "./live-index/ignore-rules.js";
export { type PathBase, expandPath, settingsPath, stringList } from "./paths/settings-paths.js";
export { builtinResourceDir } from "./paths/builtin-dir.js";
export { AddedPaths, type AddsPaths, filesOf } from "./paths/added-paths.js";
export {
  type PackageOrigin,
  type SourceInfo,
  type SourceMeta,
  autoMeta,
  givenPathMeta,
  packageMeta,
  settingsMeta,
  sourceInfo,
} from "./paths/source-info.js";
export { LiveCommands } from "./commands/live-commands.js";
export { type CommandLine, parseCommandLine } from "./commands/parse.js";
export { type CommandCompletion, type CommandSource, type CommandsService, SOURCE_ORDER } from "./commands/source-order.js";
export { type SlashCommandInfo, slashCommands, slashCommandsNow } from "./commands/slash-commands.js";
