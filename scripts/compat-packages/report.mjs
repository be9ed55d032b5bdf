// The result table: printed to the terminal, written as markdown (docs/usage/pi-package-compat.md)
// and as JSON in the output folder.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const mark = (ok) => (ok === undefined ? "–" : ok ? "yes" : "**no**");
const cell = (s) =>
  String(s ?? "")
    .replace(/\|/g, "\\|")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\n/g, " ");

/** The themes column: how many the package brings (as pi lists them) and whether pi-kernel lists and selects the same. */
function themesCell(r) {
  const n = r.ref?.tui?.themes?.length ?? 0;
  if (r.equal?.themes === undefined) return "–";
  return n ? `${mark(r.equal.themes)} (${n})` : mark(r.equal.themes);
}

export function tableRows(results) {
  return results.map((r) => [
    r.name,
    r.version ?? "–",
    r.install ? "–" : `${r.ref.loads ? "yes" : "**no**"} / ${r.kernel.loads ? "yes" : "**no**"}`,
    mark(r.equal?.tools),
    mark(r.equal?.commands),
    mark(r.equal?.flags),
    mark(r.equal?.shortcuts),
    r.install ? "–" : themesCell(r),
    r.call ? `${mark(r.equal?.call)} (${r.call.label})` : "–",
    r.install ? "–" : mark(r.equal?.interactive),
    r.install ?? r.first ?? "",
  ]);
}

const HEAD = [
  "package",
  "version",
  "loads (pi / pi-kernel)",
  "tools",
  "commands",
  "flags",
  "shortcuts",
  "themes",
  "offline call equal",
  "interactive",
  "first difference or error",
];

export function markdownTable(results) {
  const rows = tableRows(results).map((r) => `| ${r.map(cell).join(" | ")} |`);
  return [`| ${HEAD.join(" | ")} |`, `|${HEAD.map(() => "---").join("|")}|`, ...rows].join("\n");
}

export function printTable(results) {
  const rows = [HEAD, ...tableRows(results).map((r) => r.map((c) => String(c).replace(/\*\*/g, "")))];
  const widths = HEAD.map((_, i) => Math.min(i === HEAD.length - 1 ? 200 : 40, Math.max(...rows.map((r) => String(r[i]).length))));
  for (const r of rows) console.log(r.map((c, i) => String(c).slice(0, widths[i]).padEnd(widths[i])).join("  "));
}

export function writeJson(outDir, meta, results, surface) {
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, "pi-package-compat.json");
  writeFileSync(file, JSON.stringify({ ...meta, results, surface }, null, 2));
  return file;
}

/** The extension-context surface section: what pi hands an extension that pi-kernel does not (compare.mjs compareSurface). */
export function surfaceTable(rows) {
  if (!rows?.length) return [];
  const list = (xs) => (xs.length ? xs.map((x) => `\`${x}\``).join(", ") : "none");
  return [
    "",
    "Extension-context surface (the probe's `pi`, `ctx`, `ctx.ui`, `ctx.sessionManager` and `ctx.modelRegistry` at session_start, reference pi / pi-kernel):",
    "",
    "| object | members in pi | missing in pi-kernel | typeof differs (pi / pi-kernel) |",
    "|---|---|---|---|",
    ...rows.map((r) => `| ${cell(r.object)} | ${r.members} | ${cell(list(r.missing))} | ${cell(list(r.differs))} |`),
  ];
}

/** Replaces the generated part of the doc (between the markers), keeping the hand-written rest. */
export function writeDoc(docFile, meta, results, surface) {
  const start = "<!-- compat-table:start -->";
  const end = "<!-- compat-table:end -->";
  let doc;
  try {
    doc = readFileSync(docFile, "utf8");
  } catch {
    doc = `# pi package compatibility\n\n${start}\n${end}\n`;
  }
  const loaded = results.filter((r) => r.kernel?.loads).length;
  const same = results.filter((r) => r.ref?.loads && r.kernel?.loads && r.equal && Object.values(r.equal).every(Boolean)).length;
  const generated = [
    start,
    `Last run: ${meta.date} on Node ${meta.node} (pi-kernel ${meta.kernelVersion}, commit ${meta.commit}) against the reference pi ${meta.refVersion}.`,
    `${results.length} packages; ${loaded} load in pi-kernel; ${same} load in both and match in every column (API shape and stderr differences are not columns).`,
    "",
    markdownTable(results),
    ...surfaceTable(surface),
    end,
  ].join("\n");
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  const next = i >= 0 && j > i ? doc.slice(0, i) + generated + doc.slice(j + end.length) : `${doc.trimEnd()}\n\n${generated}\n`;
  mkdirSync(dirname(docFile), { recursive: true });
  writeFileSync(docFile, next);
}
