// A self-contained HTML page for one session: the data embedded as JSON, the theme's colours
// as CSS variables, and the viewer script (viewer.ts) that renders it.
import type { SessionEntry, SessionHeader } from "../../contracts/session-entries.js";
import type { ExportColors } from "./theme-colors.js";
import { VIEWER_SCRIPT } from "./viewer.js";

export interface ExportData {
  header: SessionHeader;
  entries: SessionEntry[];
  leafId: string | null;
  labels: Record<string, string>;
  name?: string;
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

export function renderHtml(data: ExportData, colors: ExportColors): string {
  const vars = Object.entries(colors)
    .map(([k, v]) => `--${k}:${v};`)
    .join("");
  // "</" cannot appear inside a script element; the JSON escape keeps the text identical.
  const json = JSON.stringify(data).replace(/<\//g, "<\\/").replace(/<!--/g, "<\\!--");
  const title = data.name ?? `Session ${data.header.id}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
:root{${vars}}
body{margin:0;background:var(--pageBg);color:var(--text);font:14px/1.5 ui-sans-serif,system-ui,sans-serif;display:flex;height:100vh}
#side{width:320px;flex:none;border-right:1px solid var(--border);display:flex;flex-direction:column;background:var(--cardBg)}
#search{margin:8px;padding:6px;background:var(--pageBg);color:var(--text);border:1px solid var(--border);border-radius:4px}
#tree{overflow:auto;flex:1;font-size:12px}
.node{cursor:pointer;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;padding:2px 6px;color:var(--muted)}
.node.on{color:var(--text)}.node.leaf{background:var(--selectedBg)}.node:hover{background:var(--selectedBg)}
.label{color:var(--warning);font-size:11px}
main{flex:1;overflow:auto;padding:16px 24px}
header h1{font-size:16px;margin:0 0 4px}header p{margin:0 0 16px;color:var(--muted);font-size:12px}
.msg{background:var(--cardBg);border-radius:6px;padding:10px 14px;margin:10px 0}
.msg.user{background:var(--userMessageBg)}.msg.custom{background:var(--customMessageBg)}.msg.info{background:var(--infoBg)}
.msg.result.ok{background:var(--toolSuccessBg)}.msg.result.err{background:var(--toolErrorBg)}
.tool{border-left:3px solid var(--accent);padding-left:8px;margin:8px 0}.tool-title{color:var(--toolTitle);font-weight:600}
.muted,.meta,.note{color:var(--muted);font-size:12px}.note{margin:4px 0 4px 14px}
.thinking{color:var(--thinkingText)}.error{color:var(--error)}
pre{white-space:pre-wrap;word-break:break-word;margin:6px 0;color:var(--toolOutput);font:12px/1.45 ui-monospace,monospace}
pre.code,code{color:var(--mdCode)}h4{color:var(--mdHeading);margin:8px 0 4px}
.diff .add{color:var(--toolDiffAdded)}.diff .del{color:var(--toolDiffRemoved)}.diff .ctx{color:var(--toolDiffContext)}
mark{background:var(--warning);color:var(--pageBg)}
</style></head>
<body>
<nav id="side"><input id="search" type="search" placeholder="Search messages"><div id="tree"></div></nav>
<main><header><h1>${esc(title)}</h1><p>${esc(data.header.cwd)} · ${esc(data.header.timestamp)} · ${data.entries.length} entries</p></header><div id="messages"></div></main>
<script type="application/json" id="session-data">${json}</script>
<script>${VIEWER_SCRIPT}</script>
</body></html>
`;
}
