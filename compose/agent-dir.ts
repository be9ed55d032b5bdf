// Where the agent keeps its state (settings.json, auth, sessions, installed packages, trusted
// projects): PI_CODING_AGENT_DIR, else ~/.pi/agent. Cheap to import: `pi install` and the CLI's
// flag handling use it before anything heavy loads.
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** The agent dir: `given` (SDK option), else PI_CODING_AGENT_DIR, else ~/.pi/agent; absolute. */
export function agentDirOf(given?: string): string {
  return resolve(given ?? process.env.PI_CODING_AGENT_DIR ?? join(homedir(), ".pi", "agent"));
}
