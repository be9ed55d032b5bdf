// Exporting sessions: `pi --export <session.jsonl|id> [out.html]` and `/export [file]`, to a
// self-contained HTML page (tree sidebar, search, tool calls and diffs, theme colours) or, for a
// `.jsonl` target, to a copy of the session file.
import { copyFileSync, existsSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { definePlugin, type PluginApi } from "pi-kernel";
import { findSession } from "../../lib/session/find.js";
import { sessionDirFor, sessionsRoot } from "../../lib/session/paths.js";
import type { SessionEntry, SessionHeader } from "../../lib/session/types.js";
import { renderHtml, type ExportData } from "./html.js";
import { loadForExport } from "./load.js";
import { exportColors } from "./theme-colors.js";

interface SessionsLike {
  readonly file: string | undefined;
  readonly persisted: boolean;
  readonly leafId: string | null;
  readonly name: string | undefined;
  header(): SessionHeader;
  entries(): SessionEntry[];
  label(id: string): string | undefined;
}

export default definePlugin({
  name: "export-html",
  uses: ["sessions", "themes"],
  provides: ["export"],
  setup(api) {
    api.register.surface({
      name: "export",
      description: "export a session file to HTML and exit",
      claims: (flags) => flags.export !== undefined,
      run: async ({ messages }) => {
        try {
          const out = exportFile(api, String(api.flags.export), messages[0]);
          process.stdout.write(`Session exported to: ${out}\n`);
          return 0;
        } catch (error) {
          process.stderr.write(`pi: export failed: ${(error as Error).message}\n`);
          return 1;
        }
      },
    });
    // For RPC's export_html and other front ends.
    api.services.provide("export", { exportHtml: async (outputPath?: string) => exportCurrent(api, outputPath ?? "") });
    api.register.command({
      name: "export", source: "builtin", argumentHint: "[file.html|file.jsonl]",
      description: "Export this session to a self-contained HTML file (or copy it as .jsonl)",
      handler: (args) => `Session exported to: ${exportCurrent(api, args.trim())}`,
    });
  },
});

function exportFile(api: PluginApi, arg: string, target: string | undefined): string {
  const where = {
    cwd: api.cwd, root: sessionsRoot(api.agentDir),
    dir: sessionDirFor({ agentDir: api.agentDir, cwd: api.cwd, flag: api.flags.sessionDir, env: process.env.PI_CODING_AGENT_SESSION_DIR, setting: api.settings.sessionDir }),
  };
  const found = existsSync(resolve(api.cwd, arg)) ? { path: resolve(api.cwd, arg) } : findSession(arg, where);
  if (!found.path) throw new Error(found.error);
  const out = resolve(api.cwd, target ?? defaultName(found.path));
  if (out.endsWith(".jsonl")) copyFileSync(found.path, out);
  else writeFileSync(out, renderHtml(loadForExport(found.path, (m) => api.diagnose({ level: "warning", where: "export", message: m })), exportColors(api)));
  return out;
}

function exportCurrent(api: PluginApi, target: string): string {
  if (!api.services.has("sessions")) throw new Error("no session plugin is loaded");
  const s = api.services.use("sessions");
  const out = resolve(api.cwd, target || defaultName(s.file ?? `${s.header().id}.jsonl`));
  const entries = s.entries();
  if (out.endsWith(".jsonl")) {
    if (s.persisted && s.file) copyFileSync(s.file, out);
    else writeFileSync(out, [s.header(), ...entries].map((e) => JSON.stringify(e)).join("\n") + "\n");
    return out;
  }
  const labels: Record<string, string> = {};
  for (const e of entries) {
    const l = s.label(e.id);
    if (l) labels[e.id] = l;
  }
  const data: ExportData = { header: s.header(), entries, leafId: s.leafId, labels, name: s.name };
  writeFileSync(out, renderHtml(data, exportColors(api)));
  return out;
}

function defaultName(sessionFile: string): string {
  return `pi-session-${basename(sessionFile, ".jsonl")}.html`;
}
