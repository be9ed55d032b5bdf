// The start-up image's code cache (cli/image-loader.ts), written by real runs at the end of the
// build. A run writes, at exit, the cache of each file it loaded that had none, and V8 puts in it
// every function compiled so far. So the first run that writes a file's cache decides which of its
// functions later runs find compiled: a run that only starts (`pi --list-models`) leaves out the
// agent loop, the provider's stream, the tools and the session writer, and every print run then
// compiled those lazily again (~5–10 ms of a read→edit→bash turn sequence).
//
// Here the runs are what a print run does, against the loopback simulator (test/support/): a
// resumed session with read, edit, write and bash calls on OpenAI's chat completions, then one
// tool call on each of the other three wire formats (their provider plugins' files), then
// `--list-models`. Everything happens in a temp dir with its own agent dir, so nothing of the
// user's is read or written. Without test/ (an unpacked npm tarball) only `--list-models` runs.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const APIS = [
  { provider: "warm-openai", api: "openai-completions", base: (url) => `${url}/v1` },
  { provider: "warm-anthropic", api: "anthropic-messages", base: (url) => url },
  { provider: "warm-responses", api: "openai-responses", base: (url) => `${url}/v1` },
  { provider: "warm-google", api: "google-generative-ai", base: (url) => `${url}/v1beta` },
];

/** Runs pi from the image until the code cache of every file a print run loads is written. */
export async function warmImage(root) {
  const scratch = mkdtempSync(join(tmpdir(), "pi-kernel-warm-"));
  const project = join(scratch, "project");
  const agentDir = join(scratch, "agent");
  mkdirSync(join(project, "src"), { recursive: true });
  mkdirSync(agentDir, { recursive: true });
  writeFileSync(join(project, "src", "app.js"), 'const greeting = "hello";\nconsole.log(greeting);\n');
  const pi = (args, env = {}) => run(root, args, { cwd: project, env: { ...process.env, PI_CODING_AGENT_DIR: agentDir, ...env } });
  const simulator = join(root, "test", "support", "simulator", "index.mjs");
  const sim = existsSync(simulator) ? await (await import(pathToFileURL(simulator).href)).startSimulator() : undefined;
  try {
    if (sim) {
      writeFileSync(
        join(agentDir, "models.json"),
        JSON.stringify({ providers: Object.fromEntries(APIS.map((a) => providerOf(a, sim.url))) }),
      );
      const [first, ...others] = APIS;
      const model = (a) => ["--provider", a.provider, "--model", "warm-model"];
      // A session to resume, written by the ES modules (PI_KERNEL_IMAGE=0), which write no cache.
      sim.script({ text: "Hello." });
      await pi([...model(first), "-p", "hi"], { PI_KERNEL_IMAGE: "0" });
      // The run that writes the caches: the session read and appended to, a turn of each tool.
      sim.script(...toolTurns(), { text: "Done." });
      await pi([...model(first), "-c", "-p", "Make the app say goodbye"]);
      for (const a of others) {
        sim.script({ toolCalls: [{ name: "read", arguments: { path: "src/app.js" } }] }, { text: "Read." });
        await pi([...model(a), "--no-session", "-p", "Read the app"]);
      }
      // Each interactive UI once, idle after its first frame until the loader has written the
      // caches of its chunks (print runs load none of them): otherwise the first interactive
      // starts after a build or an install compile the UI from source (~40 ms more to the
      // full-screen frame), until one of them happens to sit idle long enough.
      if (existsSync("/usr/bin/script")) {
        for (const ui of ["inline", "fullscreen"])
          await interactive(root, [...model(first), "--ui", ui], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
      }
    }
    await pi(["--list-models"]);
  } finally {
    await sim?.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

function providerOf(a, url) {
  const models = [{ id: "warm-model", name: "Warm-up", contextWindow: 200000, maxTokens: 8192 }];
  return [a.provider, { baseUrl: a.base(url), api: a.api, apiKey: "warm-up", models }];
}

function toolTurns() {
  return [
    { text: "Let me look.", toolCalls: [{ name: "read", arguments: { path: "src/app.js" } }] },
    { toolCalls: [{ name: "edit", arguments: { path: "src/app.js", edits: [{ oldText: '"hello"', newText: '"goodbye"' }] } }] },
    { toolCalls: [{ name: "write", arguments: { path: "src/notes.md", content: "# Notes\n" } }] },
    { toolCalls: [{ name: "bash", arguments: { command: "cat src/app.js" } }] },
  ];
}

/** The UI in a pseudo-terminal (script(1)): its first frame, then idle past the caches' save delay, then Ctrl+D. */
async function interactive(root, args, { cwd, env }) {
  const command = [process.execPath, join(root, "bin", "pi.js"), ...args].map((a) => `'${a}'`).join(" ");
  const child = spawn("script", ["-qfec", command, "/dev/null"], {
    cwd,
    env: { ...process.env, ...env, TERM: "xterm-256color", COLUMNS: "100", LINES: "30" },
    stdio: ["pipe", "pipe", "ignore"],
  });
  const closed = new Promise((resolve) => child.on("close", resolve));
  let out = "";
  const framed = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 20_000);
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("─")) {
        clearTimeout(timer);
        resolve(true);
      }
    });
  });
  if (framed) await new Promise((r) => setTimeout(r, 3_000)); // the loader saves 1.5 s after a load, one file a tick
  child.stdin.write("\x04");
  const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await closed;
  clearTimeout(kill);
  if (!framed)
    console.warn(`warm-image: the interactive UI (${args.join(" ")}) drew no frame in 20 s; its caches are left to the first runs`);
}

function run(root, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, "bin", "pi.js"), ...args], { ...options, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`warm-image: \`pi ${args.join(" ")}\` exited ${code}: ${stderr.trim()}`)),
    );
  });
}
