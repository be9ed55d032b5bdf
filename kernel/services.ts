// The named services plugins share. The kernel implements none of them: each contract is declared
// once (in contracts/, or by a third-party plugin) and merged into `Services` by declaration
// merging, as pi's CustomAgentMessages is, so `api.services.use("models")` is typed by its name:
//
//   declare module "pi-kernel" { interface Services { models: ModelsService } }
import type { PluginApi } from "./define.js";
import type { PluginSource } from "./store.js";

export interface Services {
  /**
   * The one service the kernel itself asks for: a module whose default export is not a plugin
   * (a pi extension's factory) is handed to it to set up with the plugin's api.
   */
  "plugin-adapter": PluginAdapter;
}
export type ServiceName = keyof Services & string;

export interface PluginAdapter {
  adapt(value: unknown, api: PluginApi, source: PluginSource): void | Promise<void>;
}
