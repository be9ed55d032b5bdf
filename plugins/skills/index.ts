// Skills (pi's reading of the Agent Skills format): SKILL.md files the model reads only when a
// task needs them. The system prompt lists each skill's name, description and location (when
// the read tool is active); `/skill:name args` hands the model the whole skill. Skills are data,
// re-read through a live index: an edit is in the next request with no command and no reload.
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { basename } from "node:path";
import { definePlugin, Stage, type PluginApi } from "pi-kernel";
import { AddedPaths, LiveCommands, frontmatterParser, IGNORE_FILES, LiveIndex } from "../../lib/resource-kit/index.js";
import { isTrusted } from "../../lib/packages/index.js";
import { givenMeta, skillLocations, type Locations } from "./locations.js";
import { skillInvocation, skillsBlock } from "./prompt.js";
import type { SkillIndex } from "./store.js";
import type { Skill } from "./validate.js";

export type { SkillsService } from "../../contracts/resources.js";
import type { CommandDef } from "../../contracts/index.js";
import { Stages } from "../../contracts/stages.js";

export default definePlugin({
  name: "skills",
  uses: ["commands", "package-resources"],
  provides: ["skills"],
  after: ["commands-core"],
  setup(api) {
    const commands = api.settings.enableSkillCommands !== false && api.services.has("commands");
    const registered = new LiveCommands(api);
    const added = new AddedPaths(api.cwd, () => index.reroot());
    const index = liveSkills(api, added, (skills) => commands && registered.sync(skills.map(skillCommand)));
    api.onDispose(() => index.close());
    api.on("boot", () => index.warmSoon(), { stage: Stages.WARM });
    api.services.provide("skills", {
      addPaths: (paths, owner) => added.addPaths(paths, owner),
      list: async () => (await index.get()).skills,
      ready: () => index.ready(),
    });
    // After the base prompt and project context, before the date and cwd (pi's order).
    api.on(
      "systemPrompt",
      async (prompt, ctx) => {
        if (!ctx.tools.some((t) => t.name === "read")) return prompt;
        return prompt + skillsBlock((await index.get()).skills);
      },
      { stage: Stage.LATE },
    );
    if (commands) {
      const remove = api.services.use("commands").addSource({
        name: "skill",
        list: async () => (await index.get()).skills.map(skillCommand),
      });
      api.onDispose(remove);
    }
  },
});

function liveSkills(api: PluginApi, added: AddedPaths, built: (skills: Skill[]) => void): LiveIndex<SkillIndex> & { reroot(): void } {
  let configured: Locations | undefined;
  let locations: Locations | undefined;
  const where = (): Locations => {
    if (locations) return locations;
    if (!configured) {
      const trusted = isTrusted(api.agentDir, api.cwd);
      configured = skillLocations({
        cwd: api.cwd,
        agentDir: api.agentDir,
        home: homedir(),
        flags: api.flags,
        settings: api.settings,
        packages: api.services.get("package-resources"),
        trusted,
      });
      for (const message of configured.problems) api.diagnose({ level: "warning", where: "skills", message });
    }
    // Paths other plugins added come last (lowest precedence), even under --no-skills, as in pi.
    const given = { cwd: api.cwd, agentDir: api.agentDir, origins: api.services.get("package-resources")?.origins };
    const extra = added.list().map((path) => ({ path, origin: "extension" as const, rootFiles: true, meta: givenMeta(path, given) }));
    return (locations = { ...configured, roots: [...configured.roots, ...extra] });
  };
  let store: Promise<import("./store.js").SkillStore> | undefined;
  let current: import("./store.js").SkillStore | undefined;
  const getStore = () =>
    (store ??= import("./store.js").then(
      (m) =>
        (current = new m.SkillStore(where, frontmatterParser, (file, message) => api.diagnose({ level: "warning", where: file, message }))),
    ));
  // One-shot modes rebuild per request (cheaper than starting a watcher, see README "Skills").
  const watch = api.flags.mode !== "print" && api.flags.mode !== "json";
  const index = new LiveIndex<SkillIndex>({
    build: async () => {
      const index = await (await getStore()).build();
      built(index.skills);
      return index;
    },
    roots: () => where().roots.map((r) => r.path),
    watch,
    // Each request stats what the last build read: a skill written a moment ago is not missed.
    stale: () => current?.changed() ?? false,
    relevant: (path) => path.endsWith(".md") || IGNORE_FILES.includes(basename(path)),
    onError: (message) => api.diagnose({ level: "warning", where: "skills", message }),
  });
  return Object.assign(index, {
    reroot: () => {
      locations = undefined;
      index.invalidate();
    },
  });
}

function skillCommand(skill: Skill): CommandDef {
  return {
    name: `skill:${skill.name}`,
    description: skill.description,
    argumentHint: "[message]",
    source: "skill",
    sourceInfo: skill.sourceInfo,
    async handler(args) {
      const parse = await frontmatterParser();
      const { body } = parse(await readFile(skill.filePath, "utf8"));
      return { action: "transform", text: skillInvocation(skill, body, args) };
    },
  };
}
