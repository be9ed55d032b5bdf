// Keeps a live source's commands (skills, prompt templates) registered in the kernel's command
// registry, for code that reads the registry directly (UI completion, pi.getCommands()). Each
// build registers what is there now and disposes what was registered before, so a deleted
// template or skill is gone from every list at once and an edited one is re-registered. The
// dispatcher itself asks the live source. A name someone else registered is left alone.
import type { PluginApi } from "pi-kernel";
import type { CommandDef } from "../../../contracts/index.js";

export class LiveCommands {
  private mine = new Map<string, () => void>();

  constructor(private readonly api: PluginApi) {}

  sync(defs: CommandDef[]): void {
    const others = defs.filter((d) => !this.mine.has(d.name) && this.api.registry.owner("command", d.name) !== undefined);
    for (const dispose of this.mine.values()) dispose();
    this.mine = new Map();
    for (const def of defs) {
      if (others.includes(def) || this.mine.has(def.name)) continue;
      this.mine.set(def.name, this.api.register.command({ ...def }));
    }
  }
}
