// Claude Code's resources where they live, next to ours: skills (`.claude/skills/*/SKILL.md`,
// `~/.claude/skills`, live like ours), agents (`.claude/agents/*.md` as subagents; `tools` and
// `model: inherit` mapped by the subagents plugin), commands (`.claude/commands/**\/*.md` as prompt
// templates: `$ARGUMENTS`, `$1`..., `description`, `argument-hint`). Hooks in .claude/settings.json
// are the hooks plugin's; permissions there are the permission plugin's. All of it lands after our
// own (ours win a name), a project's only in a trusted project, and none of it with
// `compat.claude: false`. CLAUDE.md is read by context-files already.
import { join } from "node:path";
import { definePlugin, Type } from "pi-kernel";
import type {} from "../../contracts/hooks.js";
import { isTrusted } from "../../lib/packages/index.js";
import { claudeDirs, commandFolders } from "./places.js";

export default definePlugin({
  name: "compat-claude",
  uses: ["skills", "prompts", "subagents"],
  after: ["skills", "prompts", "subagents"],
  settings: Type.Object({
    compat: Type.Optional(Type.Object({ claude: Type.Optional(Type.Boolean()), codex: Type.Optional(Type.Boolean()) })),
  }),
  setup(api) {
    const compat = api.settings.compat as { claude?: unknown } | undefined;
    if (compat?.claude === false) return;
    const dirs = claudeDirs(api.cwd, isTrusted(api.agentDir, api.cwd));
    const owner = "compat-claude";
    const add = (service: { addPaths(paths: string[], owner: string): () => void } | undefined, paths: string[]) => {
      if (service) api.onDispose(service.addPaths(paths, owner));
    };
    // Agents now: whether any is defined decides, at boot, whether the subagent tool is on.
    add(
      api.services.get("subagents"),
      dirs.map((d) => join(d, "agents")),
    );
    // Skills and commands at the first boot, not during setup: those indexes build when paths are added, and during
    // setup the composition root's package resources (set up after the discovered plugins) are not there yet, so a
    // package's skills and prompt templates went missing.
    let added = false;
    api.on("boot", () => {
      if (added) return;
      added = true;
      add(
        api.services.get("skills"),
        dirs.map((d) => join(d, "skills")),
      );
      add(
        api.services.get("prompts"),
        dirs.flatMap((d) => commandFolders(join(d, "commands"))),
      );
    });
  },
});
