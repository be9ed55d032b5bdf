// The running language servers: one per server config and workspace root, started the first time
// a file of theirs is touched. A server whose executable cannot be found is skipped with one line
// (per server, per session), never an error per edit. A server that dies or cannot start is
// restarted after a backoff (0.5 s, doubling, at most 30 s; after five failures in a row it is left
// failed until `/lsp restart`), and each death is named in a diagnostic. Nothing here waits
// unboundedly: callers give a deadline.
import { relative, sep } from "node:path";
import { isInside } from "../../lib/tool-kit/index.js";
import { LspClient } from "./client.js";
import { findCommand, workspaceRoot } from "./roots.js";
import { type ServerConfig, serverFor } from "./settings.js";

export type ServerState = "starting" | "running" | "restarting" | "failed" | "missing" | "stopped";

const MAX_FAILURES = 5;
const MAX_BACKOFF_MS = 30_000;
/** A server that ran this long before dying starts its backoff over. */
const HEALTHY_MS = 60_000;
/** Documents kept open per server; the least recently touched is closed past this. */
const MAX_OPEN_DOCS = 20;

export interface ServerEntry {
  config: ServerConfig;
  root: string;
  state: ServerState;
  client?: LspClient;
  /** Settles when the current start attempt has, with the client or undefined. */
  ready: Promise<LspClient | undefined>;
  failures: number;
  restarts: number;
  lastError?: string;
  startedAt: number;
  timer?: NodeJS.Timeout;
  /** Aborts the start under way. */
  starting?: AbortController;
}

export type Report = (level: "info" | "warning", message: string) => void;

export class ServerPool {
  readonly entries = new Map<string, ServerEntry>();
  private missing = new Set<string>();
  report: Report = () => {};
  /** Told each time a server is up. */
  onRunning: () => void = () => {};
  /** Whether the project is trusted: only then are its own node_modules/.bin programs run. */
  trusted: () => boolean = () => false;
  constructor(
    readonly cwd: string,
    public configs: () => ServerConfig[],
  ) {}

  /** The entry serving `file` (absolute), started now if it is new; undefined when no server handles it (or it is in no project). */
  forFile(file: string): ServerEntry | undefined {
    const config = serverFor(this.configs(), file);
    if (!config) return undefined;
    const root = workspaceRoot(file, config.rootMarkers, this.cwd);
    if (!root) return undefined;
    const key = `${config.name}\0${root}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { config, root, state: "starting", ready: Promise.resolve(undefined), failures: 0, restarts: 0, startedAt: 0 };
      this.entries.set(key, entry);
      this.start(entry);
    }
    return entry;
  }

  /** The entry's client once it runs, or undefined at the deadline (or when it cannot run). */
  async client(entry: ServerEntry, deadline: number): Promise<LspClient | undefined> {
    if (entry.client?.alive) return entry.client;
    if (entry.state !== "starting" && entry.state !== "restarting") return undefined;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - Date.now()));
    });
    // A restart waiting for its backoff has no attempt yet: wait for the one it will make.
    const attempt = async (): Promise<LspClient | undefined> => {
      while (entry.state === "restarting" && !entry.client) {
        await new Promise((r) => setTimeout(r, 25));
        if (Date.now() > deadline) return undefined;
      }
      return entry.ready;
    };
    try {
      return await Promise.race([attempt(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Keeps at most MAX_OPEN_DOCS documents open, closing the least recently touched. */
  touch(client: LspClient, uri: string): void {
    const doc = client.docs.get(uri);
    if (doc) {
      client.docs.delete(uri);
      client.docs.set(uri, doc);
    }
    while (client.docs.size > MAX_OPEN_DOCS) client.close(client.docs.keys().next().value as string);
  }

  /** Starts stopped, failed or missing servers again (all, or those of one name); returns how many. */
  restart(name?: string): number {
    let n = 0;
    for (const entry of this.entries.values()) {
      if (name && entry.config.name !== name) continue;
      n += 1;
      clearTimeout(entry.timer);
      entry.failures = 0;
      this.missing.delete(entry.config.name);
      const old = entry.client;
      entry.client = undefined;
      old?.abandon();
      this.start(entry);
    }
    return n;
  }

  async stopAll(): Promise<void> {
    const running: Promise<void>[] = [];
    for (const entry of this.entries.values()) {
      clearTimeout(entry.timer);
      entry.starting?.abort();
      entry.state = "stopped";
      if (entry.client) running.push(entry.client.stop());
      entry.client = undefined;
    }
    await Promise.all(running);
  }

  private start(entry: ServerEntry): void {
    const { config, root } = entry;
    const trusted = this.trusted();
    const command = findCommand(config.command, root, trusted);
    if (!command) {
      entry.state = "missing";
      entry.lastError = `${config.command} not found`;
      entry.ready = Promise.resolve(undefined);
      if (!this.missing.has(config.name)) {
        this.missing.add(config.name);
        this.report(
          "info",
          `lsp: ${config.name} skipped: ${config.command} is not installed (${trusted ? "not in node_modules/.bin or PATH" : "not on PATH; the project's node_modules/.bin is used once the project is trusted"}); ` +
            `install it or set lsp.servers.${config.name}.command`,
        );
      }
      return;
    }
    entry.state = "starting";
    entry.startedAt = Date.now();
    entry.starting?.abort();
    const starting = new AbortController();
    entry.starting = starting;
    const attempt = LspClient.start({
      signal: starting.signal,
      command,
      args: config.args,
      root,
      env: config.env,
      initializationOptions: config.initializationOptions,
      onExit: (reason) => {
        if (entry.client !== client) return;
        entry.client = undefined;
        this.failed(entry, reason);
      },
    });
    let client: LspClient | undefined;
    entry.ready = attempt.then(
      (started) => {
        if (entry.starting !== starting || entry.state !== "starting") {
          started.abandon(); // stopped or restarted meanwhile
          return undefined;
        }
        client = started;
        entry.client = started;
        entry.state = "running";
        this.onRunning();
        return started;
      },
      (error: Error) => {
        if (entry.state === "starting" && !starting.signal.aborted) this.failed(entry, `could not start: ${error.message}`);
        return undefined;
      },
    );
  }

  private failed(entry: ServerEntry, reason: string): void {
    if (entry.state === "stopped") return;
    if (Date.now() - entry.startedAt > HEALTHY_MS) entry.failures = 0;
    entry.failures += 1;
    entry.lastError = reason;
    const name = `lsp: ${entry.config.name} (${this.shownRoot(entry.root)})`;
    if (entry.failures >= MAX_FAILURES) {
      entry.state = "failed";
      this.report("warning", `${name} ${reason}; gave up after ${entry.failures} failures in a row (/lsp restart tries again)`);
      return;
    }
    const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** (entry.failures - 1));
    entry.state = "restarting";
    this.report("warning", `${name} ${reason}; restarting in ${delay / 1000} s`);
    entry.timer = setTimeout(() => {
      entry.restarts += 1;
      this.start(entry);
    }, delay);
    entry.timer.unref();
  }

  shownRoot(root: string): string {
    return relative(this.cwd, root) || ".";
  }

  /** A file as the model names it: relative to the working directory inside it, absolute outside. */
  shownPath(path: string): string {
    return isInside(this.cwd, path) ? relative(this.cwd, path).split(sep).join("/") : path;
  }
}
