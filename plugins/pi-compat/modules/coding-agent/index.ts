// pi-coding-agent's non-UI runtime names, gathered for modules/coding-agent.ts.
export { AgentSession, createAgentSession } from "./agent-session.js";
export { parseArgs } from "./args.js";
export { AuthStorage, FileAuthStorageBackend, InMemoryAuthStorageBackend } from "./auth.js";
export * from "./compaction.js";
export { CONFIG_DIR_NAME, getAgentDir, getDocsPath, getExamplesPath, getPackageDir, getReadmePath, VERSION } from "./config.js";
export * from "./models.js";
export { RpcClient } from "./rpc-client.js";
export {
  buildContextEntries,
  buildSessionContext,
  CURRENT_SESSION_VERSION,
  getLatestCompactionEntry,
  migrateSessionEntries,
  parseSessionEntries,
  sessionEntryToContextMessages,
} from "./session/format.js";
export { SessionManager } from "./session/manager.js";
export { SettingsManager } from "./settings-manager.js";
export {
  createSyntheticSourceInfo,
  formatSkillsForPrompt,
  loadProjectContextFiles,
  loadSkills,
  loadSkillsFromDir,
  parseSkillBlock,
} from "./skills.js";
export * from "./tools/index.js";
export * from "./unserved.js";
