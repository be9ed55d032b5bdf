// One language server process and its JSON-RPC connection. The wire (Content-Length framing,
// requests, cancellation, notifications) is vscode-languageserver-protocol's, the library VS Code
// and the servers themselves are built on; it is imported when the first server starts, never at
// the agent's start. This class keeps what the plugin needs on top: the documents it opened (with
// their versions), the diagnostics the server published, every request bounded in time, and a stop
// that cannot hang (shutdown, exit, then signals).
import type { ChildProcess } from "node:child_process";
import type {
  Diagnostic,
  InitializeResult,
  ProtocolConnection,
  PublishDiagnosticsParams,
  ServerCapabilities,
} from "vscode-languageserver-protocol";
import { pathToFileURL } from "node:url";
import { basename } from "node:path";

type Protocol = typeof import("vscode-languageserver-protocol/node");
let protocol: Promise<Protocol> | undefined;
const loadProtocol = () => (protocol ??= import("vscode-languageserver-protocol/node"));

/** A server that floods stderr keeps only its last few lines. */
const STDERR_TAIL = 4096;
const INITIALIZE_TIMEOUT_MS = 60_000;

export interface Published {
  version?: number;
  diagnostics: Diagnostic[];
  /** Counts publications, so a waiter knows one arrived after its change. */
  seq: number;
}

export interface StartOptions {
  command: string;
  args: string[];
  root: string;
  env: Record<string, string>;
  initializationOptions?: unknown;
  /** The process ended without stop() being asked. */
  onExit(reason: string): void;
  /** Gives up a start still under way (the agent stops): the process is killed. */
  signal?: AbortSignal;
}

export class LspClient {
  capabilities: ServerCapabilities = {};
  /** The documents this client opened: their text as sent, and the file's mtime then (when read from the disk). */
  readonly docs = new Map<string, { version: number; text: string; languageId: string; mtime?: number }>();
  readonly published = new Map<string, Published>();
  /** The diagnostics the plugin last got for each open document (its baseline for the next edit). */
  readonly checked = new Map<string, Diagnostic[]>();
  stderr = "";
  private seq = 0;
  private listeners = new Set<(uri: string) => void>();
  private stopping = false;
  private exited = false;

  private constructor(
    private readonly P: Protocol,
    private readonly child: ChildProcess,
    private readonly conn: ProtocolConnection,
  ) {}

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return !this.exited;
  }

  static async start(o: StartOptions): Promise<LspClient> {
    const P = await loadProtocol();
    const child = process.getBuiltinModule("node:child_process").spawn(o.command, o.args, {
      cwd: o.root,
      env: { ...process.env, ...o.env },
      stdio: ["pipe", "pipe", "pipe"],
      windowsHide: true,
    });
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", resolve);
      child.once("error", reject);
    });
    const conn = P.createProtocolConnection(new P.StreamMessageReader(child.stdout!), new P.StreamMessageWriter(child.stdin!));
    const client = new LspClient(P, child, conn);
    client.wire(o);
    const onAbort = () => client.abandon();
    o.signal?.addEventListener("abort", onAbort, { once: true });
    try {
      await client.initialize(o);
      o.signal?.throwIfAborted();
    } catch (error) {
      client.abandon();
      throw error;
    } finally {
      o.signal?.removeEventListener("abort", onAbort);
    }
    return client;
  }

  private wire(o: StartOptions): void {
    const { child, conn } = this;
    child.stdin?.on("error", () => {}); // EPIPE when it died: reported by "exit"
    child.stderr?.on("data", (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
    });
    child.once("exit", (code, signal) => {
      this.exited = true;
      conn.dispose();
      if (!this.stopping) o.onExit(signal ? `killed by ${signal}` : `exited with code ${code}`);
    });
    conn.onNotification("textDocument/publishDiagnostics", (p: PublishDiagnosticsParams) => this.publish(p));
    conn.onRequest("workspace/configuration", (p: { items?: unknown[] }) => (p.items ?? []).map(() => null));
    conn.onRequest("workspace/workspaceFolders", () => [{ uri: pathToFileURL(o.root).href, name: basename(o.root) }]);
    conn.onRequest("client/registerCapability", () => null);
    conn.onRequest("client/unregisterCapability", () => null);
    conn.onRequest("window/workDoneProgress/create", () => null);
    conn.onRequest("window/showMessageRequest", () => null);
    conn.onRequest("window/showDocument", () => ({ success: false }));
    // Files change only through the agent's tools, behind its permission gate and checkpoints.
    conn.onRequest("workspace/applyEdit", () => ({ applied: false, failureReason: "edits go through the agent's tools" }));
    conn.onUnhandledNotification(() => {}); // logs, progress, telemetry: not kept
    conn.onError(() => {}); // a malformed message: the connection carries on or closes (exit follows)
    conn.listen();
  }

  private async initialize(o: StartOptions): Promise<void> {
    const rootUri = pathToFileURL(o.root).href;
    const result = await this.request<InitializeResult>(
      "initialize",
      {
        processId: process.pid,
        clientInfo: { name: "pi-kernel" },
        rootUri,
        rootPath: o.root,
        workspaceFolders: [{ uri: rootUri, name: basename(o.root) }],
        initializationOptions: o.initializationOptions,
        capabilities: {
          general: { positionEncodings: ["utf-16"] },
          textDocument: {
            synchronization: { didSave: false, dynamicRegistration: false },
            publishDiagnostics: { versionSupport: true, relatedInformation: false },
            diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
            definition: { linkSupport: false },
            references: {},
            hover: { contentFormat: ["plaintext", "markdown"] },
            documentSymbol: { hierarchicalDocumentSymbolSupport: true },
            rename: { prepareSupport: false },
          },
          workspace: { workspaceFolders: true, configuration: true, symbol: {}, workspaceEdit: { documentChanges: true } },
        },
      },
      INITIALIZE_TIMEOUT_MS,
      o.signal,
    );
    this.capabilities = result.capabilities ?? {};
    await this.conn.sendNotification("initialized", {});
  }

  /** A request that gives up after `timeoutMs` (cancelling it at the server) or when `signal` aborts. */
  async request<R>(method: string, params: unknown, timeoutMs: number, signal?: AbortSignal): Promise<R> {
    if (this.exited) throw new Error("the server is not running");
    signal?.throwIfAborted();
    const source = new this.P.CancellationTokenSource();
    let timer: NodeJS.Timeout | undefined;
    const onAbort = () => source.cancel();
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      return await Promise.race([
        this.conn.sendRequest<R>(method, params, source.token),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            source.cancel();
            reject(new Error(`${method} got no answer within ${timeoutMs} ms`));
          }, timeoutMs);
        }),
        ...(signal
          ? [new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true }))]
          : []),
      ]);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      source.dispose();
    }
  }

  notify(method: string, params: unknown): void {
    if (!this.exited) void this.conn.sendNotification(method, params).catch(() => {});
  }

  /** Tells the server a document's text (opening it the first time); returns its version now. */
  sync(uri: string, languageId: string, text: string): number {
    const doc = this.docs.get(uri);
    if (!doc) {
      this.docs.set(uri, { version: 1, text, languageId });
      this.notify("textDocument/didOpen", { textDocument: { uri, languageId, version: 1, text } });
      return 1;
    }
    if (doc.text === text) return doc.version;
    doc.version += 1;
    doc.text = text;
    this.notify("textDocument/didChange", { textDocument: { uri, version: doc.version }, contentChanges: [{ text }] });
    return doc.version;
  }

  close(uri: string): void {
    if (!this.docs.delete(uri)) return;
    this.published.delete(uri);
    this.checked.delete(uri);
    this.notify("textDocument/didClose", { textDocument: { uri } });
  }

  /** The next publication for `uri` after `after` (a seq), or undefined at the deadline. */
  nextPublished(uri: string, after: number, deadline: number): Promise<Published | undefined> {
    const now = this.published.get(uri);
    if (now && now.seq > after) return Promise.resolve(now);
    return new Promise((resolve) => {
      const done = (value: Published | undefined) => {
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(value);
      };
      const listener = (u: string) => {
        if (u === uri) done(this.published.get(uri));
      };
      const timer = setTimeout(() => done(undefined), Math.max(0, deadline - Date.now()));
      this.listeners.add(listener);
    });
  }

  /** The seq of the latest publication, for nextPublished. */
  get lastSeq(): number {
    return this.seq;
  }

  private publish(p: PublishDiagnosticsParams): void {
    // Only documents the agent opened are kept: a server reporting a whole project cannot grow this.
    if (!this.docs.has(p.uri)) return;
    this.seq += 1;
    this.published.set(p.uri, { version: p.version, diagnostics: (p.diagnostics ?? []).slice(0, 500), seq: this.seq });
    for (const listener of [...this.listeners]) listener(p.uri);
  }

  /** Asks the server to stop, then makes sure it does: exit after `ms`, signals after that. */
  async stop(ms = 1500): Promise<void> {
    if (this.exited) return;
    this.stopping = true;
    const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    try {
      await this.request("shutdown", undefined, ms);
      this.notify("exit", undefined);
    } catch {
      // hanging or gone: the signals below
    }
    const term = setTimeout(() => this.child.kill("SIGTERM"), ms / 2);
    const kill = setTimeout(() => this.child.kill("SIGKILL"), ms);
    await exited;
    clearTimeout(term);
    clearTimeout(kill);
  }

  /** Ends the process now without reporting it as a crash. */
  abandon(): void {
    this.stopping = true;
    this.kill();
  }

  /** Ends the process now, as a crash would (the pool restarts it unless it is stopping). */
  kill(signal: NodeJS.Signals = "SIGKILL"): void {
    if (!this.exited) this.child.kill(signal);
  }
}
