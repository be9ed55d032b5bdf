// Keystroke echo with a long conversation on screen (issue 34): a 10,000-message transcript in
// each UI (inline, full-screen), keys fed as bytes, and the time from a key to its frame having
// been parsed by a virtual terminal (@xterm/headless), so the terminal's own work on what we wrote
// counts too. Target: under 16 ms (one frame at 60 Hz).
import { mkdtempSync, rmSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import xterm from "@xterm/headless";
import { ROOT, stats } from "./measure.mjs";
import { history } from "./ui.bench.mjs";

export const title = "keystroke echo below a 10,000-message transcript (virtual terminal)";

const dist = (p) => join(ROOT, "dist", p);

export async function rows(runs) {
  const out = [];
  for (const frame of ["inline", "fullscreen"]) out.push(...(await echo(frame, runs || 200)));
  return out;
}

async function echo(frame, keys) {
  const { createKernel } = await import(dist("kernel/index.js"));
  const { StreamTerminal } = await import(dist("lib/tui/terminal.js"));
  const { createUiInline } = await import(dist("plugins/ui-inline/plugin.js"));
  const { createUiInteractive } = await import(dist("plugins/ui-interactive/plugin.js"));
  const fullscreen = (await import(dist("plugins/ui-fullscreen/index.js"))).default;
  const themes = (await import(dist("plugins/themes/index.js"))).default;
  const term = new xterm.Terminal({ cols: 120, rows: 40, allowProposedApi: true });
  let parsed = Promise.resolve();
  const stream = new StreamTerminal({ write: (d) => (parsed = new Promise((r) => term.write(d, r))) }, 120, 40);
  const root = mkdtempSync(join(tmpdir(), "pik-bench-keys-"));
  const agentDir = join(root, "agent");
  mkdirSync(agentDir);
  const kernel = createKernel({
    cwd: root,
    agentDir,
    settings: { quietStartup: true },
    flags: { ui: frame, mode: "interactive" },
    plugins: [themes, createUiInteractive({ terminal: () => stream }), createUiInline(), fullscreen],
  });
  await kernel.start();
  kernel.actions.setMessages(history(5_000));
  const exited = kernel.host.current.registry.get("surface", "interactive").run({ messages: [] });
  const app = await until(() => kernel.host.current.services.get("interactive")?.impl.app(), 20_000);
  app.renderNow();
  await parsed;
  const times = [];
  const cpu = [];
  for (let i = 0; i < keys; i++) {
    const t0 = process.hrtime.bigint();
    const c0 = process.cpuUsage();
    stream.feed(i % 20 === 19 ? "\x7f".repeat(19) : "x");
    // The frame is drawn on the next turn of the event loop; then xterm parses it.
    await new Promise((r) => setImmediate(r));
    await parsed;
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  stream.feed("\x03\x03");
  app.exit(0);
  await exited;
  await kernel.stop();
  term.dispose();
  rmSync(root, { recursive: true, force: true });
  // CPU too: on a busy machine the wall time also measures the other processes.
  return [
    { name: `keystroke echo, ${frame} (10,000 messages)`, ...stats(times), unit: "ms" },
    { name: `  its CPU (main thread and xterm)`, ...stats(cpu), unit: "ms CPU" },
  ];
}

async function until(get, ms) {
  const end = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out waiting for the UI");
    await new Promise((r) => setTimeout(r, 20));
  }
}
