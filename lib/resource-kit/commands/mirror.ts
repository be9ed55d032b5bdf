// Copies a live source's commands into the kernel's command registry, for code that reads the
// registry directly (UIs completing names, RPC get_commands). The dispatcher itself asks the
// live source, which is always exact. The registry cannot forget an entry, so a template or skill
// deleted mid-session stays listed there (marked as removed) until the next plugin reload; an
// edited one is updated in place. A name already registered by someone else is left alone.
import type { PluginApi } from "pi-kernel";
import type { CommandDef } from "../../../contracts/index.js";

export class CommandMirror {
  private readonly mine = new Map<string, CommandDef>();

  constructor(private readonly api: PluginApi) {}

  sync(defs: CommandDef[]): void {
    const current = new Set(defs.map((d) => d.name));
    for (const def of defs) {
      const own = this.mine.get(def.name);
      if (own) {
        Object.assign(own, def);
        continue;
      }
      if (this.api.registry.get("command", def.name)) continue;
      const copy = { ...def };
      this.mine.set(def.name, copy);
      this.api.register.command(copy);
    }
    for (const [name, own] of this.mine) {
      if (current.has(name)) continue;
      own.description = "(removed; gone after /reload)";
      own.handler = () => `/${name} was removed`;
    }
  }
}
