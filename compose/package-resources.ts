// The "package-resources" service (contracts/package-resources.ts): the skills, prompts, themes and
// package directories the composition's packages offer, handed to the plugins that load them.
// Only the composition root reads pi-packages.json, so it provides the service from this
// in-process plugin. Discovery recomposes the packages (a changed pi-packages.json) without
// setting this plugin up again, so the service reads the latest composition on every access.
import type { PackageResourcesService } from "../contracts/package-resources.js";
import { definePlugin, type PluginDef } from "../kernel/index.js";

export function packageResourcesPlugin(current: () => PackageResourcesService): PluginDef {
  return definePlugin({
    name: "package-resources",
    provides: ["package-resources"],
    setup(api) {
      api.services.provide("package-resources", {
        get skills() {
          return current().skills;
        },
        get prompts() {
          return current().prompts;
        },
        get themes() {
          return current().themes;
        },
        get origins() {
          return current().origins;
        },
        get claudePlugins() {
          return current().claudePlugins;
        },
      });
    },
  });
}
