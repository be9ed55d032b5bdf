// Runs one runtime in its interactive UI, as a user starts it, in a terminal tmux provides (120x40):
// the probe and the package with -e, in the same isolated folders as the RPC runs. Waits for the
// probe's snapshot (session_start in ctx.mode "tui"), lets the screen settle, types the offline
// command when there is one, and returns the probe and the screens. Never throws.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { prepareDirs, isolatedEnv } from "./run-runtime.mjs";

const delay = (ms) => new Promise((r) => setTimeout(r, ms));
const quote = (s) => `'${String(s).replace(/'/g, "'\\''")}'`;

function tmux(socket, args) {
  try {
    return execFileSync("tmux", ["-L", socket, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return "";
  }
}

/** Waits until two captures a while apart are the same (or the time is up); returns the screen. */
async function settled(socket, deadline) {
  let last = tmux(socket, ["capture-pane", "-p", "-t", "compat"]);
  while (Date.now() < deadline) {
    await delay(700);
    const now = tmux(socket, ["capture-pane", "-p", "-t", "compat"]);
    if (now === last) return now;
    last = now;
  }
  return last;
}

/**
 * @param {object} o  as runRuntime's: command, load, tmp, baseUrl, call, timeoutMs; pkgDir: the package's folder
 *   (the probe lists and selects the themes that come from it)
 */
export async function runInteractive(o) {
  const dirs = prepareDirs(o.tmp, o.baseUrl);
  const probeFile = join(o.tmp, "probe.json");
  const env = isolatedEnv(dirs, { COMPAT_PROBE_OUT: probeFile, COMPAT_PROBE_PKG: o.pkgDir ?? "", TERM: "xterm-256color" });
  delete env.NO_COLOR;
  const script = join(o.tmp, "run.sh");
  const exports = Object.entries(env).map(([k, v]) => `export ${k}=${quote(v)}`);
  const args = [...o.command, "--no-session", ...o.load.flatMap((p) => ["-e", p])].map(quote).join(" ");
  writeFileSync(
    script,
    ["#!/bin/sh", "unset $(env | cut -d= -f1 | grep -v '^PATH$') 2>/dev/null", ...exports, `cd ${quote(dirs.work)}`, `exec ${args}`].join(
      "\n",
    ),
  );
  const socket = `compat-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const deadline = Date.now() + o.timeoutMs;
  tmux(socket, ["new-session", "-d", "-s", "compat", "-x", "120", "-y", "40", `sh ${quote(script)}`]);
  try {
    // Until the probe wrote its snapshot, the time is up, or the runtime exited (its session is gone).
    while (!existsSync(probeFile) && Date.now() < deadline && tmux(socket, ["list-sessions"])) await delay(200);
    const startup = await settled(socket, Math.min(deadline, Date.now() + 8000));
    let afterCall;
    if (o.call?.kind === "command" && existsSync(probeFile)) {
      tmux(socket, ["send-keys", "-t", "compat", "-l", o.call.text]);
      await delay(300);
      tmux(socket, ["send-keys", "-t", "compat", "Enter"]);
      afterCall = await settled(socket, Math.min(deadline, Date.now() + 8000));
    }
    const probe = existsSync(probeFile) ? JSON.parse(readFileSync(probeFile, "utf8")) : null;
    return { dirs, probe, startup, afterCall, timedOut: Date.now() >= deadline && !probe };
  } finally {
    tmux(socket, ["kill-server"]);
  }
}
