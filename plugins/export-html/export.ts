// What exporting does (index.ts registers it and loads this on the first export): a session
// file or the current session to a self-contained HTML page, a `.jsonl` copy, or (a `.json`
// target) a Harbor trajectory (ATIF) of the branch it ends on.
import { copyFileSync, existsSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import type { PluginApi } from "pi-kernel";
import type { LoadedSession } from "../../contracts/sessions.js";
import type { SessionEntry, SessionHeader } from "../../contracts/session-entries.js";
import { ownVersion } from "../../lib/mode-kit/index.js";
import { branchTo, toAtif } from "../../lib/session-kit/index.js";
import { renderHtml, type ExportData } from "./html.js";
import { exportColors } from "./theme-colors.js";

export function exportFile(api: PluginApi, arg: string, target: string | undefined): string {
  const s = sessions(api);
  const file = existsSync(resolve(api.cwd, arg)) ? resolve(api.cwd, arg) : s.locate(arg);
  const out = resolve(api.cwd, target ?? defaultName(file));
  if (out.endsWith(".jsonl")) {
    copyFileSync(file, out);
    return out;
  }
  const loaded = s.load(file, (m) => api.diagnose({ level: "warning", where: "export", message: m }));
  if (out.endsWith(".json")) writeTrajectory(out, loaded.header, branchTo(loaded.entries));
  else writeFileSync(out, renderHtml(exportData(loaded), exportColors(api)));
  return out;
}

/** The page's data for a file read whole: the last entry is the leaf; the latest label per entry. */
function exportData({ header, entries }: LoadedSession): ExportData {
  const labels: Record<string, string> = {};
  let name: string | undefined;
  for (const e of entries) {
    if (e.type === "label") {
      if (e.label) labels[e.targetId] = e.label;
      else delete labels[e.targetId];
    }
    if (e.type === "session_info") name = e.name || undefined;
  }
  return { header, entries, leafId: entries.at(-1)?.id ?? null, labels, name };
}

function sessions(api: PluginApi) {
  if (!api.services.has("sessions")) throw new Error("no session plugin is loaded");
  return api.services.use("sessions");
}

export function exportCurrent(api: PluginApi, target: string): string {
  const s = sessions(api);
  const out = resolve(api.cwd, target || defaultName(s.file ?? `${s.header().id}.jsonl`));
  const entries = s.entries();
  if (out.endsWith(".jsonl")) {
    if (s.persisted && s.file) copyFileSync(s.file, out);
    else writeFileSync(out, [s.header(), ...entries].map((e) => JSON.stringify(e)).join("\n") + "\n");
    return out;
  }
  if (out.endsWith(".json")) {
    writeTrajectory(out, s.header(), s.path());
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

function writeTrajectory(out: string, header: SessionHeader, branch: SessionEntry[]): void {
  writeFileSync(out, `${JSON.stringify(toAtif(header, branch, { name: "pi-kernel", version: ownVersion() }), null, 2)}\n`);
}

function defaultName(sessionFile: string): string {
  return `pi-session-${basename(sessionFile, ".jsonl")}.html`;
}
