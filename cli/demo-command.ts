// `pi demo`: the agent at work with no key. A temporary workspace holds a small project and an
// agent dir whose models.json names a scripted model on loopback (the project's own LLM
// simulator, shipped in demo/ for this); the real `pi` runs there in the interactive UI (inline,
// or --ui fullscreen), reads a file, edits it, runs it and answers; then the person is told how to
// connect a real model. The workspace is removed afterwards; nothing of the user's is read or written.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { packageRoot } from "../compose/package-root.js";
import type * as Scenario from "../demo/scenario.mjs";
import type * as Sim from "../demo/simulator/index.mjs";

const USAGE =
  "usage: pi demo [--ui inline|fullscreen]\n\nA short session with a scripted model on 127.0.0.1 in a temporary folder: no key needed.\n";
const UIS = new Set(["inline", "fullscreen"]);

export async function demoCommand(argv: string[]): Promise<number> {
  const ui = uiOf(argv);
  if (ui === "help") return void process.stdout.write(USAGE), 0;
  if (ui === undefined) return void process.stderr.write(`pi demo: unknown arguments: ${argv.join(" ")}\n${USAGE}`), 2;
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write("pi demo: the demo shows the interactive UI and needs a terminal.\n");
    return 1;
  }
  const root = packageRoot();
  const from = (file: string) => import(pathToFileURL(join(root, "demo", file)).href);
  const scenario = (await from("scenario.mjs")) as typeof Scenario;
  const { startSimulator } = (await from("simulator/index.mjs")) as typeof Sim;
  const sim = await startSimulator();
  sim.script(...scenario.demoTurns(), ...Array.from({ length: 50 }, scenario.afterDemoTurn));
  const workspace = mkdtempSync(join(tmpdir(), "pi-demo-"));
  try {
    const { project, agentDir } = writeWorkspace(workspace, sim.url, scenario.DEMO_FILES);
    process.stdout.write(
      `pi demo: a scripted model on ${sim.url} (no key; nothing leaves this machine), working in ${project} (removed afterwards).\n\n`,
    );
    const code = await runPi(root, project, agentDir, ui, scenario.DEMO_PROMPT);
    process.stdout.write(`\nThat was pi demo.\n${scenario.CONNECT}\n`);
    return code;
  } finally {
    await sim.close();
    rmSync(workspace, { recursive: true, force: true });
  }
}

/** "inline", "fullscreen", "help", or undefined for arguments the demo does not take. */
function uiOf(argv: string[]): string | undefined {
  if (argv.length === 0) return "inline";
  if (argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h")) return "help";
  const value = argv[0] === "--ui" && argv.length === 2 ? argv[1] : argv.length === 1 ? /^--ui=(.*)$/.exec(argv[0])?.[1] : undefined;
  return value && UIS.has(value) ? value : undefined;
}

function writeWorkspace(workspace: string, simUrl: string, files: Record<string, string>): { project: string; agentDir: string } {
  const project = join(workspace, "greet");
  const agentDir = join(workspace, "agent");
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(project, rel)), { recursive: true });
    writeFileSync(join(project, rel), text);
  }
  mkdirSync(agentDir, { recursive: true });
  const models = {
    providers: {
      demo: {
        baseUrl: `${simUrl}/v1`,
        api: "openai-completions",
        apiKey: "demo-needs-no-key",
        models: [{ id: "scripted-model", name: "pi demo (scripted)", contextWindow: 128000, maxTokens: 8192 }],
      },
    },
  };
  writeFileSync(join(agentDir, "models.json"), `${JSON.stringify(models, null, 2)}\n`);
  return { project, agentDir };
}

/** The real `pi` in the demo workspace, on this terminal; resolves with its exit code. */
function runPi(root: string, project: string, agentDir: string, ui: string, prompt: string): Promise<number> {
  const args = [join(root, "bin", "pi.js"), "--provider", "demo", "--model", "scripted-model", "--no-session", "--ui", ui, prompt];
  const child = process
    .getBuiltinModule("node:child_process")
    .spawn(process.execPath, args, { cwd: project, stdio: "inherit", env: { ...process.env, PI_CODING_AGENT_DIR: agentDir } });
  // ctrl+c reaches the child too (one process group): its UI decides; this process waits for it.
  const ignore = () => {};
  process.on("SIGINT", ignore);
  return new Promise((resolve) => {
    child.on("error", (error) => {
      process.stderr.write(`pi demo: could not start pi: ${error.message}\n`);
      resolve(1);
    });
    child.on("close", (code) => {
      process.off("SIGINT", ignore);
      resolve(code ?? 1);
    });
  });
}
