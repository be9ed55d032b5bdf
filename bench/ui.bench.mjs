// The inline UI (issue 6): render time and bytes written per streamed token with a 10,000-line
// transcript above (targets: < 1 ms, < 2 KB), and the idle RSS of `pi` in interactive mode in a
// real pseudo-terminal (target: < 80 MB).
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { makeProject } from "../test/support/scenario.mjs";
import { startSimulator } from "../test/support/simulator/index.mjs";
import { PI_BIN, ROOT, stats } from "./measure.mjs";

export const title = "interactive UI (inline)";

const dist = (p) => join(ROOT, "dist", p);

export async function rows(runs) {
  const render = await renderPerToken(runs || 2000);
  return [...render, await idleRss(runs ? Math.min(runs, 3) : 3)];
}

/** A conversation whose transcript renders to about 10,000 lines. */
export function history(pairs) {
  const messages = [];
  const para = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore.";
  for (let i = 0; i < pairs; i++) {
    messages.push({ role: "user", content: `Question ${i}: how does part ${i} work?`, timestamp: 0 });
    const text = `## Part ${i}\n\n${para}\n\n- point one\n- point two\n\n\`\`\`js\nconst part = ${i};\nconsole.log(part * 2);\n\`\`\`\n\n${para} ${para}`;
    messages.push({
      role: "assistant",
      content: [{ type: "text", text }],
      api: "x",
      provider: "x",
      model: "x",
      stopReason: "stop",
      timestamp: 0,
      usage: {
        input: 10,
        output: 10,
        cacheRead: 0,
        cacheWrite: 0,
        totalTokens: 20,
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
      },
    });
  }
  return messages;
}

export async function renderPerToken(tokens) {
  const { createKernel } = await import(dist("kernel/index.js"));
  const { StreamTerminal } = await import(dist("lib/tui/terminal.js"));
  const { createUiInline } = await import(dist("plugins/ui-inline/plugin.js"));
  const { createUiInteractive } = await import(dist("plugins/ui-interactive/plugin.js"));
  const themes = (await import(dist("plugins/themes/index.js"))).default;
  let bytes = 0;
  const term = new StreamTerminal(
    {
      write: (d) => {
        bytes += Buffer.byteLength(d);
      },
    },
    120,
    40,
  );
  const { root, project, agentDir } = makeProject("http://127.0.0.1:9");
  const kernel = createKernel({
    cwd: project,
    agentDir,
    settings: { quietStartup: true },
    flags: {},
    plugins: [themes, createUiInteractive({ terminal: () => term }), createUiInline()],
  });
  await kernel.start();
  kernel.actions.setMessages(history(620));
  const exited = kernel.host.current.registry.get("surface", "interactive").run({ messages: [] });
  const liveApp = () => kernel.host.current.services.get("interactive")?.impl.app();
  await until(liveApp, 10_000);
  const app = liveApp();
  app.renderNow();
  const transcriptLines = app.transcript.container.render(120).length;
  const partial = {
    role: "assistant",
    content: [{ type: "text", text: "" }],
    api: "x",
    provider: "x",
    model: "x",
    stopReason: "stop",
    timestamp: 0,
    usage: {
      input: 0,
      output: 0,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 0,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    },
  };
  kernel.actions.emit({ type: "message_start", message: partial });
  app.renderNow();
  const words = ["Streaming ", "tokens ", "into ", "a ", "**long** ", "answer, ", "`code` ", "and ", "more.\n\n"];
  const times = [];
  const sizes = [];
  for (let i = 0; i < tokens; i++) {
    const text = partial.content[0].text + words[i % words.length];
    const message = { ...partial, content: [{ type: "text", text }] };
    partial.content = message.content;
    const before = bytes;
    const t0 = process.hrtime.bigint();
    kernel.actions.emit({
      type: "message_update",
      message,
      assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta: "", partial: message },
    });
    app.renderNow();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    sizes.push((bytes - before) / 1024);
  }
  app.exit(0);
  await exited;
  await kernel.stop();
  rmSync(root, { recursive: true, force: true });
  const label = `${Math.round(transcriptLines / 1000)}k-line transcript`;
  return [
    { name: `render per streamed token (${label})`, ...stats(times), unit: "ms" },
    { name: `bytes written per token (${label})`, ...stats(sizes), unit: "KB" },
  ];
}

/** `pi` in a pseudo-terminal (script(1)), idle after start-up: its resident memory. */
async function idleRss(n) {
  const sim = await startSimulator();
  const samples = [];
  try {
    for (let i = 0; i < n; i++) {
      const { root, project, agentDir } = makeProject(sim.url);
      const marker = `--bench-marker=${process.pid}-${i}`;
      const cmd = `'${process.execPath}' '${PI_BIN}' --provider sim --model sim-model ${marker}`;
      const child = spawn("script", ["-qfec", cmd, "/dev/null"], {
        cwd: project,
        env: { ...process.env, PI_CODING_AGENT_DIR: agentDir, COLUMNS: "100", LINES: "30" },
        stdio: ["pipe", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      await until(() => out.includes("sim-model"), 15_000);
      await new Promise((r) => setTimeout(r, 1500)); // idle
      const pid = findPid(marker);
      samples.push(pid ? rssMB(pid) : NaN);
      child.stdin.write("\x04");
      await new Promise((r) => child.on("close", r));
      rmSync(root, { recursive: true, force: true });
    }
  } finally {
    await sim.close();
  }
  return { name: "idle RSS of interactive pi", ...stats(samples), unit: "MB" };
}

function findPid(marker) {
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmdline = readFileSync(`/proc/${d}/cmdline`, "utf8").split("\0");
      if (cmdline.includes(marker) && cmdline.some((a) => a.endsWith("pi.js"))) return Number(d);
    } catch {
      /* gone */
    }
  }
  return undefined;
}

function rssMB(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function until(cond, ms) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("timed out waiting for the UI");
    await new Promise((r) => setTimeout(r, 20));
  }
}
