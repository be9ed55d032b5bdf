// Owner-tracked contribution registries. A generation has one; everything a plugin registered
// disappears with the generation that held it, and a later registration under the same name
// replaces an earlier one (user plugins override built-ins) with a diagnostic.
import type { Contributions, Kind } from "./define.js";
import { DiagnosticCode } from "./errors.js";
import type { Report } from "./hooks.js";

interface Entry { owner: string; def: unknown }

export class Registry {
  private readonly maps = new Map<Kind, Map<string, Entry>>();

  add<K extends Kind>(kind: K, owner: string, def: Contributions[K], report: Report): void {
    const key = keyOf(kind, def)!;
    const map = this.map(kind);
    const existing = map.get(key);
    // As in pi, a second plugin's tool does not silently take a name: it has to say `override: true`.
    if (existing && kind === "tool" && existing.owner !== owner && !(def as { override?: boolean }).override) {
      return report({ level: "error", code: DiagnosticCode.refused, plugin: owner, where: `register.${kind}`,
        message: `${owner}: tool "${key}" conflicts with ${existing.owner}'s; not registered (set override: true to replace it)` });
    }
    if (existing) {
      report({ level: existing.owner === owner ? "warning" : "info", code: DiagnosticCode.registered, plugin: owner,
        where: `register.${kind}`, message: `${kind} "${key}" from ${existing.owner} is replaced by ${owner}` });
      map.delete(key); // re-insert so listing order follows the winner
    }
    map.set(key, { owner, def });
  }

  get<K extends Kind>(kind: K, key: string): Contributions[K] | undefined {
    return this.maps.get(kind)?.get(key)?.def as Contributions[K] | undefined;
  }

  list<K extends Kind>(kind: K): Contributions[K][] {
    return [...(this.maps.get(kind)?.values() ?? [])].map((e) => e.def as Contributions[K]);
  }

  owner(kind: Kind, key: string): string | undefined {
    return this.maps.get(kind)?.get(key)?.owner;
  }

  private map(kind: Kind): Map<string, Entry> {
    let map = this.maps.get(kind);
    if (!map) this.maps.set(kind, (map = new Map()));
    return map;
  }
}

export function keyOf(kind: Kind, def: unknown): string | undefined {
  const d = def as { api?: string; name?: string };
  return kind === "provider" ? d.api : d.name;
}
