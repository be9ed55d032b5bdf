// The `lsp` tool: code navigation for the model through the file's language server (definition,
// references, hover, document and workspace symbols). It only reads (effect "read"), so it runs in
// every permission mode; renaming changes files and is its own tool (rename-tool.ts) behind the
// edit gate.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type PluginApi, type ToolDef, Type } from "pi-kernel";
import type { DocumentSymbol, Hover, Location, LocationLink, SymbolInformation, WorkspaceSymbol } from "vscode-languageserver-protocol";
import type { LspClient } from "./client.js";
import { openAt, type Opened, REQUEST_MS } from "./open-at.js";
import type { ServerPool } from "./pool.js";
import { lineStarts, lineText } from "./text-positions.js";
import type { Files } from "./documents.js";

const MAX_LOCATIONS = 60;
const MAX_HOVER = 3000;

const parameters = Type.Object({
  operation: Type.Union(
    [
      Type.Literal("definition"),
      Type.Literal("references"),
      Type.Literal("hover"),
      Type.Literal("document_symbols"),
      Type.Literal("workspace_symbols"),
    ],
    { description: "What to ask the language server" },
  ),
  path: Type.Optional(Type.String({ description: "The source file (needed by all but workspace_symbols)" })),
  line: Type.Optional(Type.Integer({ minimum: 1, description: "1-based line where the symbol is" })),
  symbol: Type.Optional(Type.String({ description: "The symbol's name on that line (preferred over column)" })),
  column: Type.Optional(Type.Integer({ minimum: 1, description: "1-based column, when no symbol name is given" })),
  query: Type.Optional(Type.String({ description: "workspace_symbols: the name (or part) to look for" })),
});

export function lspTool(api: PluginApi, pool: ServerPool, files: Files): ToolDef<typeof parameters> {
  return {
    name: "lsp",
    label: "LSP",
    effect: "read",
    paths: (p) => (p.path ? [p.path] : []),
    description:
      "Ask the language server about code: definition, references, hover (type and docs), document_symbols " +
      "(outline of a file) or workspace_symbols (find a symbol by name). Name the place by path, line and the symbol's name.",
    parameters,
    async execute(_id, p, signal) {
      if (p.operation === "workspace_symbols") return text(await workspaceSymbols(api, pool, files, p, signal));
      if (!p.path) throw new Error(`${p.operation} needs a path`);
      const needsPlace = p.operation !== "document_symbols";
      const at = await openAt(api, pool, files, p.path, needsPlace ? p : undefined, signal);
      const params = { textDocument: { uri: at.uri }, position: at.position };
      switch (p.operation) {
        case "definition":
          return text(
            locations(pool, await at.client.request("textDocument/definition", params, REQUEST_MS, signal), "No definition found."),
          );
        case "references": {
          const found = await at.client.request<Location[] | null>(
            "textDocument/references",
            { ...params, context: { includeDeclaration: true } },
            REQUEST_MS,
            signal,
          );
          return text(locations(pool, found, "No references found."));
        }
        case "hover":
          return text(hoverText(await at.client.request<Hover | null>("textDocument/hover", params, REQUEST_MS, signal)));
        default:
          return text(
            documentSymbols(
              await at.client.request("textDocument/documentSymbol", { textDocument: { uri: at.uri } }, REQUEST_MS, signal),
              at,
            ),
          );
      }
    },
  };
}

async function workspaceSymbols(api: PluginApi, pool: ServerPool, files: Files, p: { path?: string; query?: string }, signal: AbortSignal) {
  if (!p.query) throw new Error("workspace_symbols needs a query");
  const clients: LspClient[] = [];
  if (p.path) clients.push((await openAt(api, pool, files, p.path, undefined, signal)).client);
  else for (const e of pool.entries.values()) if (e.client?.alive) clients.push(e.client);
  if (clients.length === 0) throw new Error("no language server is running yet: give a path of a source file so one starts");
  const found: (SymbolInformation | WorkspaceSymbol)[] = [];
  for (const client of clients)
    found.push(
      ...((await client.request<(SymbolInformation | WorkspaceSymbol)[] | null>(
        "workspace/symbol",
        { query: p.query },
        REQUEST_MS,
        signal,
      )) ?? []),
    );
  if (found.length === 0) return `No symbol matches "${p.query}".`;
  const lines = found.slice(0, MAX_LOCATIONS).map((s) => {
    const where = "range" in s.location ? place(pool, s.location as Location) : pool.shownPath(fileURLToPath(s.location.uri));
    return `${kindName(s.kind)} ${s.name}${s.containerName ? ` (in ${s.containerName})` : ""} — ${where}`;
  });
  return more(lines, found.length);
}

function locations(pool: ServerPool, found: unknown, none: string): string {
  const list = (Array.isArray(found) ? found : found ? [found] : []) as (Location | LocationLink)[];
  if (list.length === 0) return none;
  const cache = new Map<string, { text: string; starts: number[] }>();
  const lines = list.slice(0, MAX_LOCATIONS).map((l) => {
    const loc: Location = "targetUri" in l ? { uri: l.targetUri, range: l.targetSelectionRange } : l;
    return `${place(pool, loc)}: ${sourceLine(cache, loc).trim()}`;
  });
  return more(lines, list.length);
}

function place(pool: ServerPool, loc: Location): string {
  return `${pool.shownPath(fileURLToPath(loc.uri))}:${loc.range.start.line + 1}:${loc.range.start.character + 1}`;
}

function sourceLine(cache: Map<string, { text: string; starts: number[] }>, loc: Location): string {
  let file = cache.get(loc.uri);
  if (!file) {
    let content = "";
    try {
      content = readFileSync(fileURLToPath(loc.uri), "utf8");
    } catch {
      // a file the server knows but we cannot read: the place alone
    }
    file = { text: content, starts: lineStarts(content) };
    cache.set(loc.uri, file);
  }
  return lineText(file.text, file.starts, loc.range.start.line);
}

function hoverText(hover: Hover | null): string {
  if (!hover) return "No hover information here.";
  const parts = Array.isArray(hover.contents) ? hover.contents : [hover.contents];
  const body = parts
    .map((c) => (typeof c === "string" ? c : "language" in c ? `\`\`\`${c.language}\n${c.value}\n\`\`\`` : c.value))
    .join("\n\n")
    .trim();
  return body.length > MAX_HOVER ? `${body.slice(0, MAX_HOVER)}…` : body || "No hover information here.";
}

function documentSymbols(found: unknown, at: Opened): string {
  const list = (Array.isArray(found) ? found : []) as (DocumentSymbol | SymbolInformation)[];
  if (list.length === 0) return `No symbols in ${at.shown}.`;
  const lines: string[] = [];
  const walk = (s: DocumentSymbol | SymbolInformation, depth: number) => {
    const line = "range" in s ? s.range.start.line : s.location.range.start.line;
    lines.push(`${"  ".repeat(depth)}${kindName(s.kind)} ${s.name} (line ${line + 1})`);
    if ("children" in s) for (const c of s.children ?? []) walk(c, depth + 1);
  };
  for (const s of list) walk(s, 0);
  return more(lines.slice(0, 200), lines.length, 200);
}

function more(lines: string[], total: number, max = MAX_LOCATIONS): string {
  return total > max ? `${lines.join("\n")}\n… and ${total - max} more` : lines.join("\n");
}

const text = (t: string) => ({ content: [{ type: "text" as const, text: t }] });

const KINDS = [
  "file",
  "module",
  "namespace",
  "package",
  "class",
  "method",
  "property",
  "field",
  "constructor",
  "enum",
  "interface",
  "function",
  "variable",
  "constant",
  "string",
  "number",
  "boolean",
  "array",
  "object",
  "key",
  "null",
  "enum member",
  "struct",
  "event",
  "operator",
  "type parameter",
];
const kindName = (kind: number) => KINDS[kind - 1] ?? "symbol";
