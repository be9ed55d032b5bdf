// Drives the inline UI in a virtual terminal (@xterm/headless): an in-process kernel with the real
// models, provider-openai-completions, tools-core and themes plugins against the LLM simulator,
// keys fed as bytes, assertions on the rendered screen.
import { rmSync } from "node:fs";
import xterm from "@xterm/headless";
import { createKernel, type Kernel, type PluginDef } from "pi-kernel";
import models from "../../plugins/models/index.js";
import openai from "../../plugins/provider-openai-completions/index.js";
import toolsCore from "../../plugins/tools-core/index.js";
import themes from "../../plugins/themes/index.js";
import { createUiInteractive } from "../../plugins/ui-interactive/plugin.js";
import { createUiInline } from "../../plugins/ui-inline/plugin.js";
import uiFullscreen from "../../plugins/ui-fullscreen/index.js";
import { StreamTerminal } from "../../lib/tui/index.js";
import { makeProject, writeTwoModels } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";
import { kernelModules } from "../support/kernel-modules.js";
import { withDiscovery } from "../../compose/discover.js";

export interface UiHarness {
  sim: Simulator;
  kernel: Kernel;
  term: InstanceType<typeof xterm.Terminal>;
  stream: StreamTerminal;
  project: string;
  agentDir: string;
  exited: Promise<number>;
  /** Bytes written to the terminal so far. */
  written(): string;
  /** Types text or raw key bytes. */
  send(data: string): Promise<void>;
  /** The visible screen, one string per row, right-trimmed. */
  screen(): Promise<string[]>;
  /** Waits until the screen text matches. */
  waitFor(match: RegExp | ((text: string) => boolean), ms?: number): Promise<string>;
  close(): Promise<void>;
}

export const KEYS = {
  enter: "\r",
  shiftEnter: "\x1b[13;2u",
  altEnter: "\x1b\r",
  escape: "\x1b",
  ctrlC: "\x03",
  ctrlD: "\x04",
  ctrlO: "\x0f",
  ctrlT: "\x14",
  ctrlL: "\x0c",
  ctrlP: "\x10",
  shiftTab: "\x1b[Z",
  altUp: "\x1b[1;3A",
  tab: "\t",
  up: "\x1b[A",
  down: "\x1b[B",
  backspace: "\x7f",
};

export async function startUi(
  opts: {
    cols?: number;
    rows?: number;
    settings?: Record<string, unknown>;
    flags?: Record<string, unknown>;
    extraModels?: boolean;
    /** Extra plugins; a function gets what the UI has written so far (to look at it during start-up). */
    plugins?: PluginDef[] | ((written: () => string) => PluginDef[]);
    beforeStart?: (agentDir: string) => void;
    extensions?: string[];
  } = {},
): Promise<UiHarness> {
  const sim = await startSimulator();
  const { root, project, agentDir } = makeProject(sim.url);
  if (opts.extraModels) writeTwoModels(agentDir, sim.url);
  opts.beforeStart?.(agentDir);
  const term = new xterm.Terminal({ cols: opts.cols ?? 100, rows: opts.rows ?? 30, allowProposedApi: true });
  let pending: Promise<void> = Promise.resolve();
  let log = "";
  const stream = new StreamTerminal(
    {
      write: (data: string) => {
        log += data;
        pending = new Promise((resolve) => term.write(data, resolve));
      },
    },
    opts.cols ?? 100,
    opts.rows ?? 30,
  );
  const kernel = createKernel({
    ...(await kernelModules()),
    cwd: project,
    agentDir,
    settings: opts.settings ?? {},
    // `-e` style extension files (pi extensions need plugins/pi-compat in `plugins`); nothing else is discovered.
    ...withDiscovery(
      opts.extensions
        ? { cwd: project, agentDir, noExtensions: true, extensionPaths: opts.extensions }
        : { cwd: project, agentDir, noDiscovery: true },
    ),
    flags: { provider: "sim", model: "sim-model", mode: "interactive", ...opts.flags },
    plugins: [
      models,
      openai,
      toolsCore,
      themes,
      ...(typeof opts.plugins === "function" ? opts.plugins(() => log) : (opts.plugins ?? [])),
      createUiInteractive({ terminal: () => stream }),
      createUiInline(),
      uiFullscreen,
    ],
  });
  await kernel.start();
  const surface = kernel.host.current.registry.get("surface", "interactive")!;
  const exited = surface.run({ messages: [] });
  const settle = async () => {
    // Let the UI's setImmediate frame run, then xterm parse what was written.
    await new Promise((r) => setTimeout(r, 15));
    await pending;
  };
  const screen = async () => {
    await settle();
    const buf = term.buffer.active;
    const rows: string[] = [];
    for (let i = 0; i < term.rows; i++) rows.push(buf.getLine(buf.viewportY + i)?.translateToString(true) ?? "");
    return rows;
  };
  const h: UiHarness = {
    sim,
    kernel,
    term,
    stream,
    project,
    agentDir,
    exited,
    written: () => log,
    async send(data) {
      stream.feed(data);
      await settle();
    },
    screen,
    async waitFor(match, ms = 5000) {
      const end = Date.now() + ms;
      for (;;) {
        const text = (await screen()).join("\n");
        if (typeof match === "function" ? match(text) : match.test(text)) return text;
        if (Date.now() > end) throw new Error(`screen did not match ${match} in ${ms} ms:\n${text}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      stream.feed("\x04"); // Ctrl+D on an empty editor quits
      await Promise.race([exited, new Promise((r) => setTimeout(r, 500))]);
      await kernel.stop();
      await sim.close();
      term.dispose();
      rmSync(root, { recursive: true, force: true });
    },
  };
  await h.waitFor(/pi-kernel|ctrl\+l model/);
  return h;
}
