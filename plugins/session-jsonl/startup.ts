// Which session a run starts in, from pi's flags: --no-session, --fork, --session, -c, -r, or a
// new one. Problems are reported and the run goes on in a new session; nothing is overwritten.
// Except: `pi --session <file>` naming a file that is not a session, or an id prefix that more than
// one session has, is a fatal diagnostic, and the CLI ends the command with exit code 1.
import { resolve } from "node:path";
import type { PluginApi } from "pi-kernel";
import type { SessionInfo } from "../../contracts/sessions.js";
import { uniquePrefixes } from "../../lib/session-kit/index.js";
import type { SessionController } from "./controller.js";
import { findSession, looksLikePath, mostRecent } from "./format/find.js";
import { listSessions } from "./format/list.js";
import { NotASessionError } from "./format/read.js";
import { Session } from "./model/session.js";

export async function startSession(api: PluginApi, c: SessionController): Promise<void> {
  const f = api.flags;
  const where = { cwd: api.cwd, dir: c.where.dir, root: c.where.root };
  try {
    if (typeof f.fork === "string") return forkFile(c, f.fork, where);
    if (typeof f.session === "string") {
      const found = findSession(f.session, where);
      if (found.path) return void c.open(found.path);
      if (looksLikePath(f.session)) return startNew(c, resolve(api.cwd, f.session));
      // Which one was meant is unknown: answering in a new session would lose the prompt's context.
      if (found.ambiguous) return fatal(api, c, `--session: ${found.error}`);
      c.report(`${found.error}; starting a new session`, "error");
    } else if (f.continue === true) {
      const recent = mostRecent(c.where.dir);
      if (recent) return void c.open(recent.path);
    } else if (f.resume === true) {
      if (api.flags.mode === "interactive" && !api.services.has("ui")) {
        // The interactive UI (and its picker) starts after boot: resume once it is up.
        startNew(c);
        return resumeWhenUiIsUp(api, c);
      }
      const picked = await pick(api, listSessions(c.where.dir));
      if (picked) return void c.open(picked);
    }
  } catch (error) {
    if (error instanceof NotASessionError && typeof f.session === "string") {
      // Running on in another session would answer a prompt meant for that file.
      return fatal(api, c, `--session: ${error.message}`);
    }
    c.report(`${(error as Error).message}; starting a new session`, "error");
  }
  startNew(c);
}

/** The CLI stops (exit 1); an embedder gets the diagnostic and a new, still unwritten session. */
function fatal(api: PluginApi, c: SessionController, message: string): void {
  api.diagnose({ level: "error", where: "session", fatal: true, message });
  startNew(c);
}

function startNew(c: SessionController, file?: string): void {
  c.switchTo(c.create(undefined, file));
  c.recordInitialSettings();
}

function forkFile(c: SessionController, arg: string, where: { cwd: string; dir: string; root: string }): void {
  const found = findSession(arg, where);
  if (!found.path) throw new Error(found.error);
  const source = Session.open(found.path, c.report);
  const entries = source.tree.order.map((n) => source.tree.entry(n.id)).filter((e) => e !== undefined);
  const fork = c.copyOf(source, entries, found.path);
  c.switchTo(fork);
}

function resumeWhenUiIsUp(api: PluginApi, c: SessionController, waitedMs = 0): void {
  const timer = setTimeout(() => {
    try {
      if (!api.services.has("ui")) {
        if (waitedMs < 30_000) resumeWhenUiIsUp(api, c, waitedMs + 50);
        return;
      }
      void pick(api, listSessions(c.where.dir))
        .then((picked) => {
          if (picked) c.open(picked);
        })
        .catch((error: Error) => c.report(`could not resume: ${error.message}`, "error"));
    } catch {
      // this plugin generation was reloaded meanwhile: the new one owns the session now
    }
  }, 50);
  timer.unref();
}

async function pick(api: PluginApi, sessions: SessionInfo[]): Promise<string | undefined> {
  if (!api.services.has("ui") || api.flags.mode === "rpc") {
    throw new Error(
      "--resume needs the interactive picker, which this mode does not have. Use -c for the most recent session here, or --session <id-prefix|path> (the ids are the file names' suffixes in the session folder)",
    );
  }
  if (sessions.length === 0) {
    api.diagnose({ level: "info", where: "session", message: "no sessions to resume in this folder" });
    return undefined;
  }
  const ui = api.services.use("ui");
  const labels = sessionLabels(sessions);
  const choice = await ui.select("Resume session", labels);
  return choice === undefined ? undefined : sessions[labels.indexOf(choice)]?.path;
}

/** The picker's lines; each ends in the shortest id prefix that --session and /resume take back. */
export function sessionLabels(list: SessionInfo[]): string[] {
  const prefixes = uniquePrefixes(list.map((s) => s.id));
  return list.map((s, i) => {
    const title = s.name ?? (s.firstMessage.replace(/\s+/g, " ").trim().slice(0, 70) || "(no messages)");
    return `${s.modified.toISOString().slice(0, 16).replace("T", " ")}  ${title}  [${prefixes[i]}]`;
  });
}
