// Getting a document's diagnostics right after the agent changed it, in the quickest way the
// server offers:
//  1. pull (LSP 3.17 `textDocument/diagnostic`) when the server declares `diagnosticProvider`
//     (pyright): an answer for exactly this text;
//  2. tsserver's own synchronous diagnostics through the `typescript.tsserverRequest` command, when
//     the server lists it (typescript-language-server). Its pushed diagnostics come only after a
//     debounce of at least 300 ms, and not at all when a file stays clean, so waiting for them
//     would cost every clean edit the whole wait;
//  3. otherwise the server's next publication for this document (its version, when it gives one,
//     at least the one sent), plus a short settle for servers that publish in stages.
// Each ends at the deadline; undefined means the server did not answer in time.
import type { Diagnostic } from "vscode-languageserver-protocol";
import type { LspClient } from "./client.js";

const TSSERVER_REQUEST = "typescript.tsserverRequest";
/** After a pushed publication, how long to wait for a later stage of the same check. */
const SETTLE_MS = 120;

export async function currentDiagnostics(
  client: LspClient,
  uri: string,
  version: number,
  seqBefore: number,
  deadline: number,
): Promise<Diagnostic[] | undefined> {
  const left = () => Math.max(1, deadline - Date.now());
  try {
    if (client.capabilities.diagnosticProvider) {
      const report = await client.request<{ kind: string; items?: Diagnostic[] }>(
        "textDocument/diagnostic",
        { textDocument: { uri } },
        left(),
      );
      return report.kind === "full" ? (report.items ?? []) : client.published.get(uri)?.diagnostics;
    }
    if (client.capabilities.executeCommandProvider?.commands?.includes(TSSERVER_REQUEST)) {
      const ask = (command: string) =>
        client.request<{ body?: TsDiagnostic[] }>(
          "workspace/executeCommand",
          { command: TSSERVER_REQUEST, arguments: [command, { file: uri }] },
          left(),
        );
      const [syntactic, semantic] = await Promise.all([ask("syntacticDiagnosticsSync"), ask("semanticDiagnosticsSync")]);
      return [...(syntactic?.body ?? []), ...(semantic?.body ?? [])].map(fromTsserver);
    }
  } catch {
    return undefined;
  }
  return pushed(client, uri, version, seqBefore, deadline);
}

async function pushed(client: LspClient, uri: string, version: number, seq: number, deadline: number): Promise<Diagnostic[] | undefined> {
  let got = await client.nextPublished(uri, seq, deadline);
  while (got && got.version !== undefined && got.version < version) got = await client.nextPublished(uri, got.seq, deadline);
  if (!got) return undefined;
  for (;;) {
    const later = await client.nextPublished(uri, got.seq, Math.min(deadline, Date.now() + SETTLE_MS));
    if (!later) return got.diagnostics;
    got = later;
  }
}

interface TsDiagnostic {
  start: { line: number; offset: number };
  end: { line: number; offset: number };
  text: string;
  code?: number;
  category?: string;
}

const SEVERITY: Record<string, 1 | 2 | 3 | 4> = { error: 1, warning: 2, message: 3, suggestion: 4 };

/** tsserver's 1-based line/offset diagnostic as LSP's 0-based one. */
function fromTsserver(d: TsDiagnostic): Diagnostic {
  return {
    range: {
      start: { line: d.start.line - 1, character: d.start.offset - 1 },
      end: { line: d.end.line - 1, character: d.end.offset - 1 },
    },
    message: d.text,
    code: d.code,
    severity: SEVERITY[d.category ?? "error"] ?? 1,
    source: "ts",
  };
}
