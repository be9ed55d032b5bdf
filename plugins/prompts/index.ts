// Prompt templates as slash commands: `/review 42 "be strict"` expands review.md's body with the
// arguments and sends that to the model. Templates are data read through a live index, so a
// template written, edited or deleted mid-session is a command (or gone) at the next input.
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { definePlugin, type PluginApi } from "pi-kernel";
import { Stages } from "../../contracts/stages.js";
import { AddedPaths, LiveCommands, frontmatterParser, IGNORE_FILES, LiveIndex } from "../../lib/resource-kit/index.js";
import { splitArgs, substitute } from "./args.js";
import type { Template, TemplateRoot } from "./templates.js";

/** The "prompts" service: takes template paths other plugins add (pi's resources_discover). */
export type { PromptsService } from "../../contracts/resources.js";
import type { CommandDef } from "../../contracts/index.js";

export default definePlugin({
  name: "prompts",
  uses: ["commands", "package-resources"],
  provides: ["prompts"],
  after: ["commands-core"],
  setup(api) {
    if (!api.services.has("commands")) {
      api.diagnose({
        level: "warning",
        where: "prompts",
        message: 'prompt templates need the commands-core plugin (service "commands"); none are available',
      });
      return;
    }
    const registered = new LiveCommands(api);
    const added = new AddedPaths(api.cwd, () => index.invalidate());
    const index = liveTemplates(api, added, (templates) => registered.sync(templates.map(templateCommand)));
    api.services.provide("prompts", { addPaths: (paths, owner) => added.addPaths(paths, owner) });
    api.onDispose(() => index.close());
    api.on("boot", () => index.warmSoon(), { stage: Stages.WARM });
    const remove = api.services.use("commands").addSource({
      name: "prompt",
      list: async () => (await index.get()).map(templateCommand),
    });
    api.onDispose(remove);
  },
});

function liveTemplates(api: PluginApi, added: AddedPaths, built: (templates: Template[]) => void): LiveIndex<Template[]> {
  // Added paths come last (lowest precedence), even under --no-prompt-templates, as in pi.
  let m: typeof import("./templates.js") | undefined;
  // Only called once where() has loaded the module.
  const all = (r: TemplateRoot[]): TemplateRoot[] => {
    const given = { cwd: api.cwd, agentDir: api.agentDir, origins: api.services.get("package-resources")?.origins };
    return [...r, ...added.list().map((path) => m!.givenRoot(path, given))];
  };
  let roots: TemplateRoot[] | undefined;
  const where = async () => {
    m = await import("./templates.js");
    if (!roots) {
      const packages = api.services.get("package-resources");
      roots = m.templateRoots({
        cwd: api.cwd,
        agentDir: api.agentDir,
        home: homedir(),
        flags: api.flags,
        settings: api.settings,
        packages,
      });
      for (const r of roots) {
        if (!r.auto && !r.excluded && !existsSync(r.path))
          api.diagnose({ level: "warning", where: "prompts", message: `prompt template path ${r.path} does not exist` });
      }
    }
    return roots;
  };
  let store: Promise<import("./templates.js").TemplateStore> | undefined;
  const getStore = () =>
    (store ??= Promise.all([import("./templates.js"), where()]).then(
      ([m, r]) =>
        new m.TemplateStore(
          () => all(r),
          frontmatterParser,
          (file, message) => api.diagnose({ level: "warning", where: file, message }),
        ),
    ));
  return new LiveIndex<Template[]>({
    build: async () => {
      const templates = await (await getStore()).build();
      built(templates);
      return templates;
    },
    roots: () => [...(roots ?? []).map((r) => r.path), ...added.list()],
    watch: api.flags.mode !== "print" && api.flags.mode !== "json",
    relevant: (path) => path.endsWith(".md") || IGNORE_FILES.some((f) => path.endsWith(f)),
    onError: (message) => api.diagnose({ level: "warning", where: "prompts", message }),
  });
}

function templateCommand(t: Template): CommandDef {
  return {
    name: t.name,
    description: t.description,
    argumentHint: t.argumentHint,
    source: "prompt",
    sourceInfo: t.sourceInfo,
    handler: (args) => ({ action: "transform", text: substitute(t.body, splitArgs(args)) }),
  };
}
