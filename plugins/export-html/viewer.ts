// The script inside an exported page: it renders the embedded session data. A sidebar shows the
// tree (click an entry to show the path to it), a search box filters it and highlights matches,
// and the main pane shows the path's messages with tool calls, results and diffs. Plain browser
// JavaScript, no dependencies, so the file works offline.
export const VIEWER_SCRIPT = String.raw`
(function () {
  var data = JSON.parse(document.getElementById("session-data").textContent);
  var byId = {}, kids = {};
  data.entries.forEach(function (e) { byId[e.id] = e; var p = e.parentId || "root"; (kids[p] = kids[p] || []).push(e); });
  var leaf = data.leafId, query = "";
  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; }); }
  function mark(html) {
    if (!query) return html;
    var q = query.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&");
    return html.replace(new RegExp("(?![^<]*>)(" + esc(q) + ")", "gi"), "<mark>$1</mark>");
  }
  function md(text) {
    var parts = String(text).split(/\x60\x60\x60/);
    return parts.map(function (p, i) {
      if (i % 2) { var nl = p.indexOf("\n"); return "<pre class=code>" + esc(nl >= 0 ? p.slice(nl + 1) : p) + "</pre>"; }
      return esc(p).replace(/^(#{1,6}) (.*)$/gm, "<h4>$2</h4>").replace(/\x60([^\x60\n]+)\x60/g, "<code>$1</code>")
        .replace(/\*\*([^*]+)\*\*/g, "<b>$1</b>").replace(/\n/g, "<br>");
    }).join("");
  }
  function textOf(c) {
    if (typeof c === "string") return c;
    return (c || []).filter(function (p) { return p.type === "text"; }).map(function (p) { return p.text; }).join("\n");
  }
  function diff(text) {
    return "<pre class=diff>" + String(text).split("\n").map(function (l) {
      var cls = /^[+]/.test(l) ? "add" : /^-/.test(l) ? "del" : "ctx";
      return "<span class=" + cls + ">" + esc(l) + "</span>";
    }).join("\n") + "</pre>";
  }
  function toolCall(c) {
    var a = c.arguments || {}, body;
    // By the arguments' shape (the page has no tool definitions): replacements as a diff, a command line.
    if (Array.isArray(a.edits) && a.edits.every(function (e) { return e && typeof e.oldText === "string"; })) {
      body = a.edits.map(function (e) { return diff(String(e.oldText).split("\n").map(function (l) { return "-" + l; }).concat(String(e.newText).split("\n").map(function (l) { return "+" + l; })).join("\n")); }).join("");
    } else if (typeof a.command === "string") body = "<pre class=code>$ " + esc(a.command) + "</pre>";
    else body = "<pre class=args>" + esc(JSON.stringify(a, null, 2)) + "</pre>";
    return "<div class=tool><div class=tool-title>" + esc(c.name) + (a.path ? " <span class=muted>" + esc(a.path) + "</span>" : "") + "</div>" + body + "</div>";
  }
  function render(e) {
    var m = e.message, out = "";
    if (e.type === "message" && m.role === "user") return "<div class='msg user'>" + md(textOf(m.content)) + "</div>";
    if (e.type === "message" && m.role === "assistant") {
      (m.content || []).forEach(function (c) {
        if (c.type === "thinking") out += "<details class=thinking><summary>thinking</summary>" + md(c.thinking) + "</details>";
        else if (c.type === "text") out += md(c.text);
        else if (c.type === "toolCall") out += toolCall(c);
      });
      if (m.errorMessage) out += "<div class=error>" + esc(m.errorMessage) + "</div>";
      return "<div class='msg assistant'>" + out + "<div class=meta>" + esc(m.provider + "/" + m.model) + "</div></div>";
    }
    if (e.type === "message" && m.role === "toolResult") {
      var d = m.details && m.details.diff ? diff(m.details.diff) : "";
      var t = textOf(m.content);
      var body = t.length > 1500 ? "<details><summary>" + esc(t.slice(0, 200)) + "…</summary><pre>" + esc(t) + "</pre></details>" : "<pre>" + esc(t) + "</pre>";
      return "<div class='msg result " + (m.isError ? "err" : "ok") + "'><div class=tool-title>" + esc(m.toolName) + " result</div>" + d + body + "</div>";
    }
    if (e.type === "message" && m.role === "bashExecution") return "<div class='msg result ok'><pre class=code>$ " + esc(m.command) + "</pre><pre>" + esc(m.output) + "</pre></div>";
    if (e.type === "message") return "<div class='msg custom'>" + md(textOf(m.content) || m.summary || "") + "</div>";
    if (e.type === "compaction") return "<div class='msg info'><div class=tool-title>Compacted (" + e.tokensBefore + " tokens before)</div>" + md(e.summary) + "</div>";
    if (e.type === "branch_summary") return "<div class='msg info'><div class=tool-title>Branch summary</div>" + md(e.summary) + "</div>";
    if (e.type === "custom_message") return e.display === false ? "" : "<div class='msg custom'><div class=tool-title>" + esc(e.customType) + "</div>" + md(textOf(e.content)) + "</div>";
    if (e.type === "model_change") return "<div class=note>model: " + esc(e.provider + "/" + e.modelId) + "</div>";
    if (e.type === "thinking_level_change") return "<div class=note>thinking: " + esc(e.thinkingLevel) + "</div>";
    if (e.type === "session_info" && e.name) return "<div class=note>named: " + esc(e.name) + "</div>";
    return "";
  }
  function path(id) { var out = []; for (var e = byId[id]; e; e = byId[e.parentId]) out.unshift(e); return out; }
  function label(e) {
    var m = e.message;
    if (e.type !== "message") return e.type.replace("_", " ");
    if (m.role === "user") return "user: " + textOf(m.content).slice(0, 60);
    if (m.role === "assistant") return "assistant: " + (textOf(m.content) || (m.content || []).filter(function (c) { return c.type === "toolCall"; }).map(function (c) { return c.name; }).join(", ")).slice(0, 50);
    return m.role;
  }
  function searchText(e) { return JSON.stringify(e.message || e.summary || "").toLowerCase(); }
  function sidebar() {
    var onPath = {}; path(leaf).forEach(function (e) { onPath[e.id] = true; });
    var html = "";
    (function walk(list, depth) {
      list.forEach(function (e) {
        var d = list.length > 1 ? depth + 1 : depth;
        if (e.type !== "label" && e.type !== "custom" && (!query || searchText(e).indexOf(query.toLowerCase()) >= 0)) {
          html += "<div class='node" + (onPath[e.id] ? " on" : "") + (e.id === leaf ? " leaf" : "") + "' data-id='" + e.id + "' style='padding-left:" + (d * 12 + 6) + "px'>" +
            esc(label(e)) + (data.labels[e.id] ? " <span class=label>" + esc(data.labels[e.id]) + "</span>" : "") + "</div>";
        }
        walk(kids[e.id] || [], d);
      });
    })(kids.root || [], 0);
    document.getElementById("tree").innerHTML = html;
  }
  function show() {
    document.getElementById("messages").innerHTML = path(leaf).map(function (e) { return mark(render(e)); }).join("");
    sidebar();
  }
  document.getElementById("tree").addEventListener("click", function (ev) {
    var n = ev.target.closest(".node"); if (n) { leaf = n.getAttribute("data-id"); show(); }
  });
  document.getElementById("search").addEventListener("input", function (ev) { query = ev.target.value.trim(); show(); });
  show();
})();
`;
