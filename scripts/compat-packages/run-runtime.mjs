// Runs one runtime (the reference pi or pi-kernel) once in RPC mode, in a fresh isolated agent dir,
// home and working folder: loads the probe and what is under test, waits for the probe's snapshot,
// makes the offline call if one is given, and returns everything it saw. Never throws: a timeout,
// a crash or a load failure is part of the result.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const SECRET = /(_API_KEY|_TOKEN|_SECRET|_AUTH)$|^(AWS_|GOOGLE_APPLICATION|AZURE_)/;
const DIALOGS = new Set(["select", "confirm", "input", "editor"]);

export function isolatedEnv(dirs, extra) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!SECRET.test(k) && !k.startsWith("PI_") && !k.startsWith("npm_")) env[k] = v;
  return { ...env, HOME: dirs.home, PI_CODING_AGENT_DIR: dirs.agent, PI_OFFLINE: "1", PI_SKIP_VERSION_CHECK: "1", NO_COLOR: "1", ...extra };
}

/** A fresh agent dir whose only model is the loopback fake (or a dead port when none is given). */
export function prepareDirs(root, baseUrl) {
  const dirs = { root, agent: join(root, "agent"), home: join(root, "home"), work: join(root, "work") };
  for (const d of [dirs.agent, dirs.home, dirs.work]) mkdirSync(d, { recursive: true });
  const model = { id: "fake", name: "fake", reasoning: false, input: ["text"], contextWindow: 100000, maxTokens: 4096 };
  const cost = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  const provider = { baseUrl, api: "openai-completions", apiKey: "compat-not-a-key", models: [{ ...model, cost }] };
  writeFileSync(join(dirs.agent, "models.json"), JSON.stringify({ providers: { compat: provider } }, null, 2));
  writeFileSync(join(dirs.agent, "settings.json"), JSON.stringify({ defaultProvider: "compat", defaultModel: "fake" }, null, 2));
  writeFileSync(join(dirs.work, "README.md"), "# Sample\n\nA file for offline calls.\n\n```mermaid\ngraph TD\n  A --> B\n```\n");
  return dirs;
}

/** Line-oriented JSON reader over a child's stdout. */
function jsonLines(stream, onMessage) {
  let buf = "";
  stream.on("data", (d) => {
    buf += d;
    let nl = buf.indexOf("\n");
    while (nl >= 0) {
      const line = buf.slice(0, nl).trim();
      buf = buf.slice(nl + 1);
      if (line) {
        try {
          onMessage(JSON.parse(line));
        } catch {
          onMessage({ type: "<non-json stdout>", text: line.slice(0, 300) });
        }
      }
      nl = buf.indexOf("\n");
    }
  });
}

const delay = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @param {object} o
 * @param {string[]} o.command  node binary and CLI script
 * @param {string[]} o.load     paths passed with -e (the probe first)
 * @param {string} o.tmp        a scratch folder for this run
 * @param {string} o.baseUrl    the fake model's base URL for this run
 * @param {object} [o.call]     { kind: "command", text } | { kind: "tool", tool, args }
 * @param {number} o.timeoutMs
 */
export async function runRuntime(o) {
  const dirs = prepareDirs(o.tmp, o.baseUrl);
  const probeFile = join(o.tmp, "probe.json");
  const recordFile = join(o.tmp, "record.jsonl");
  const args = [...o.command.slice(1), "--mode", "rpc", "--no-session", ...o.load.flatMap((p) => ["-e", p])];
  const child = spawn(o.command[0], args, {
    cwd: dirs.work,
    env: isolatedEnv(dirs, { COMPAT_PROBE_OUT: probeFile, COMPAT_RECORD_OUT: recordFile }),
    stdio: ["pipe", "pipe", "pipe"],
  });
  const events = [];
  let stderr = "";
  let lastOutput = Date.now();
  const waiters = new Map();
  let exited = null;
  const exit = new Promise((resolve) =>
    child.on("close", (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    }),
  );
  child.on("error", (error) => {
    stderr += `spawn failed: ${error.message}\n`;
  });
  child.stdin.on("error", () => {});
  const send = (msg) => {
    if (!exited) child.stdin.write(`${JSON.stringify(msg)}\n`);
  };
  child.stderr.on("data", (d) => {
    stderr += d;
    lastOutput = Date.now();
  });
  jsonLines(child.stdout, (msg) => {
    lastOutput = Date.now();
    events.push(msg);
    if (msg.type === "response" && waiters.has(msg.id)) waiters.get(msg.id)(msg);
    // Dialogs would wait for a user forever: both runtimes get the same "cancelled" answer.
    if (msg.type === "extension_ui_request" && DIALOGS.has(msg.method))
      send({ type: "extension_ui_response", id: msg.id, cancelled: true });
  });
  const request = (msg, ms) =>
    Promise.race([new Promise((resolve) => waiters.set(msg.id, resolve)), exit.then(() => null), delay(ms).then(() => null)]);
  const deadline = Date.now() + o.timeoutMs;
  const left = () => Math.max(0, deadline - Date.now());
  const until = async (test) => {
    while (!test() && !exited && left() > 0) await delay(100);
    return test();
  };
  const quiet = (ms) => until(() => Date.now() - lastOutput >= ms);

  // Loaded once the probe wrote its snapshot (session_start) or the runtime answers a request.
  const ready = request({ id: "compat-ready", type: "get_state" }, left());
  send({ id: "compat-ready", type: "get_state" });
  const state = await ready;
  await until(() => existsSync(probeFile));
  await quiet(300);
  let callStart = events.length;
  let callResponse = null;
  if (o.call && state && !exited) {
    callStart = events.length;
    const message = o.call.kind === "command" ? o.call.text : `compat: call the ${o.call.tool} tool`;
    const pending = request({ id: "compat-call", type: "prompt", message }, left());
    send({ id: "compat-call", type: "prompt", message });
    callResponse = await pending;
    if (o.call.kind === "tool") await until(() => events.slice(callStart).some((e) => e.type === "agent_end"));
    await quiet(700);
  }
  const timedOut = left() <= 0 && !exited;
  child.stdin.end();
  const closed = await Promise.race([exit, delay(5000).then(() => null)]);
  if (!closed) {
    child.kill("SIGKILL");
    await exit;
  }
  const probe = existsSync(probeFile) ? JSON.parse(readFileSync(probeFile, "utf8")) : null;
  const record = existsSync(recordFile)
    ? readFileSync(recordFile, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
  return { dirs, probe, record, events, callEvents: events.slice(callStart), callResponse, stderr, timedOut, exit: exited };
}

/** A scratch folder under `parent`, removed by the caller with `cleanup`. */
export function scratch(parent, prefix) {
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, prefix));
}

export function cleanup(dir) {
  rmSync(dir, { recursive: true, force: true });
}
