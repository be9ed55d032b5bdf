// Where Claude Code keeps a person's resources: ~/.claude (or $CLAUDE_CONFIG_DIR) and the project's
// .claude. A project's folders count only once the project is trusted: its agents and commands
// are prompts that can make the model run tools, like pi's own .pi/agents.
import { readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export function claudeDirs(cwd: string, trusted: boolean, env: NodeJS.ProcessEnv = process.env): string[] {
  const user = env.CLAUDE_CONFIG_DIR || join(env.HOME || homedir(), ".claude");
  return trusted ? [join(cwd, ".claude"), user] : [user];
}

/**
 * A commands folder and every folder under it: Claude Code's `.claude/commands/**\/*.md`, where
 * `frontend/component.md` is the command `/component`. Prompt template folders are read without
 * descending, so each subfolder is given as a folder of its own.
 */
export function commandFolders(root: string): string[] {
  const out = [root];
  const walk = (dir: string, depth: number) => {
    if (depth > 8) return;
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries)
      if (e.isDirectory() && !e.name.startsWith(".")) {
        out.push(join(dir, e.name));
        walk(join(dir, e.name), depth + 1);
      }
  };
  walk(root, 0);
  return out;
}
