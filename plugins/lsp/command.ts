// `/lsp`: the configured servers and the running ones with their state, as text (so both UIs, RPC
// and ACP show it alike); `/lsp restart [name]` starts servers again, failed and missing ones too.
import type { CommandDef } from "../../contracts/commands.js";
import type { ServerPool } from "./pool.js";
import type { LspOptions } from "./settings.js";

/** `pool()`: the server pool, undefined until a file of some server was touched (nothing started yet). */
export function lspCommand(pool: () => ServerPool | undefined, options: () => LspOptions): CommandDef {
  return {
    name: "lsp",
    source: "builtin",
    description: "Language servers: their state (/lsp restart [name] starts them again)",
    argumentHint: "[restart [name]]",
    handler(args: string) {
      const [verb, name] = args.trim().split(/\s+/);
      if (verb === "restart") {
        const n = pool()?.restart(name || undefined) ?? 0;
        return n ? `Restarting ${n} language server(s).` : `No language server${name ? ` named ${name}` : ""} has started yet.`;
      }
      return status(pool(), options());
    },
  };
}

export function status(pool: ServerPool | undefined, o: LspOptions): string {
  const lines = [
    `Language servers${o.enabled ? "" : " (off: lsp.enabled is false)"}; diagnostics wait up to ${o.waitMs} ms after an edit.`,
  ];
  for (const s of o.servers) {
    const running = [...(pool?.entries.values() ?? [])].filter((e) => e.config.name === s.name);
    lines.push(`${s.name}: ${s.command} ${s.args.join(" ")} for ${s.extensions.join(" ")}${running.length ? "" : " (not started)"}`);
    for (const e of running) {
      const pid = e.client?.pid ? ` pid ${e.client.pid}` : "";
      const docs = e.client ? `, ${e.client.docs.size} open file(s)` : "";
      const restarts = e.restarts ? `, ${e.restarts} restart(s)` : "";
      const error = e.lastError && e.state !== "running" ? ` — ${e.lastError}` : "";
      lines.push(`  ${pool?.shownRoot(e.root)}: ${e.state}${pid}${docs}${restarts}${error}`);
    }
  }
  return lines.join("\n");
}
